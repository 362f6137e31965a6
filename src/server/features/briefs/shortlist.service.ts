import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { LIMITS } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { BriefShortlist, MyBriefOutcome } from '../../../common/responses/brief-shortlist';
import type { Db, DbOrTx } from '../../db/client';
import { briefAnswers, briefs, playlists, playlistSongs, songResponses, songReviews, songs } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../accounts';

const m = MESSAGES.briefShortlist;

/**
 * The catalogue song an answer stands for: the song answered with, or the one the signed agreement
 * of its submission (or of that submission's rewrite) brought into the catalogue; null until then.
 */
export const answerSong = sql<string | null>`coalesce(${briefAnswers.songId}, (select s.id from songs s
  join pitch_agreements pa on pa.id = s.pitch_agreement_id
  join song_reviews r on r.id = pa.review_id
  where pa.status = 'accepted' and (r.id = ${briefAnswers.submissionId} or r.rewrite_of = ${briefAnswers.submissionId}) limit 1))`;

/**
 * The brief's shortlist playlist, made for its owner the first time a song joins it (or again if the owner deleted
 * it, with every song shortlisted so far). The brief row is locked, so two songs joining at once make one playlist.
 * It is the owner's own playlist: the per-listener playlist limit is for the lists they make, not this one.
 */
async function shortlistPlaylistOf(tx: DbOrTx, briefId: string): Promise<string> {
  const [brief] = await tx
    .select({ ownerId: briefs.ownerId, title: briefs.title, playlistId: briefs.shortlistPlaylistId })
    .from(briefs)
    .where(eq(briefs.id, briefId))
    .for('update');
  if (!brief) throw new AppError('NOT_FOUND', MESSAGES.briefs.notFound);
  if (brief.playlistId) return brief.playlistId;
  const [made] = await tx
    .insert(playlists)
    .values({
      ownerId: brief.ownerId,
      name: m.shortlistName(brief.title).slice(0, LIMITS.playlistNameMax),
      description: m.shortlistDescription,
    })
    .returning({ id: playlists.id });
  await tx.update(briefs).set({ shortlistPlaylistId: made!.id }).where(eq(briefs.id, briefId));
  const earlier = await tx
    .select({ songId: answerSong })
    .from(briefAnswers)
    .where(and(eq(briefAnswers.briefId, briefId), isNotNull(briefAnswers.shortlistedAt)))
    .orderBy(asc(briefAnswers.shortlistedAt), asc(briefAnswers.id));
  await appendToPlaylist(
    tx,
    made!.id,
    earlier.flatMap((r) => (r.songId ? [r.songId] : [])),
  );
  return made!.id;
}

/**
 * Appends songs not yet in the playlist after its last one. The shortlist fills from screening and signing, which
 * must not fail because the owner's list is long: past the playlist limit the song stays shortlisted (the brief's
 * shortlist page lists it) but is not added to the playlist.
 */
async function appendToPlaylist(tx: DbOrTx, playlistId: string, songIds: readonly string[]) {
  if (songIds.length === 0) return;
  const present = await tx
    .select({ songId: playlistSongs.songId, position: playlistSongs.position })
    .from(playlistSongs)
    .where(eq(playlistSongs.playlistId, playlistId));
  const have = new Set(present.map((r) => r.songId));
  const room = LIMITS.playlistSongsMax - present.length;
  const fresh = [...new Set(songIds)].filter((id) => !have.has(id)).slice(0, Math.max(room, 0));
  if (fresh.length === 0) return;
  const next = present.reduce((max, r) => Math.max(max, r.position + 1), 0);
  await tx
    .insert(playlistSongs)
    .values(fresh.map((songId, i) => ({ playlistId, songId, position: next + i })))
    .onConflictDoNothing();
  await tx.update(playlists).set({ updatedAt: new Date() }).where(eq(playlists.id, playlistId));
}

/**
 * Puts an answer's song on its brief's shortlist when it may go there: a "fits" verdict, and a catalogue song
 * (answered with one, or brought in by the signed agreement of the answering submission). Otherwise, and when it
 * is there already, nothing changes. True when the song is (now) on the shortlist.
 */
export async function shortlistAnswerIfReady(tx: DbOrTx, answerId: string, now: Date): Promise<boolean> {
  const [answer] = await tx
    .select({ briefId: briefAnswers.briefId, songId: answerSong, verdict: briefAnswers.verdict, shortlistedAt: briefAnswers.shortlistedAt })
    .from(briefAnswers)
    .where(eq(briefAnswers.id, answerId))
    .for('update');
  if (!answer || answer.verdict !== 'fits' || !answer.songId) return false;
  if (answer.shortlistedAt) return true;
  const playlistId = await shortlistPlaylistOf(tx, answer.briefId);
  await tx.update(briefAnswers).set({ shortlistedAt: now }).where(eq(briefAnswers.id, answerId));
  await appendToPlaylist(tx, playlistId, [answer.songId]);
  return true;
}

/**
 * Inside the signing's transaction, once the agreement's song is in the catalogue: a submission that answered a
 * brief and was screened "fits" now joins the brief's shortlist. `reviewId` is the review the agreement was offered
 * on (the first review or its rewrite's).
 */
export async function shortlistSignedSubmission(tx: DbOrTx, reviewId: string, now: Date): Promise<void> {
  const answers = await tx
    .select({ id: briefAnswers.id })
    .from(briefAnswers)
    .innerJoin(songReviews, eq(songReviews.id, reviewId))
    .where(or(eq(briefAnswers.submissionId, songReviews.id), eq(briefAnswers.submissionId, songReviews.rewriteOf)));
  for (const { id } of answers) await shortlistAnswerIfReady(tx, id, now);
}

/** The brief, if the caller may read its shortlist (its owner, or an admin); "not found" to anyone else. */
async function readableBrief(db: DbOrTx, actor: Actor, briefId: string) {
  const owner = actor.roles.has('admin') ? undefined : eq(briefs.ownerId, actor.id);
  const [brief] = await db
    .select({ id: briefs.id, title: briefs.title, ownerId: briefs.ownerId, playlistId: briefs.shortlistPlaylistId })
    .from(briefs)
    .where(and(eq(briefs.id, briefId), owner));
  if (!brief) throw new AppError('NOT_FOUND', MESSAGES.briefs.notFound);
  return brief;
}

/**
 * GET /api/briefs/shortlists/:id: the songs shortlisted from screening, each with the reviewer's reason, and those
 * the staff added to the playlist, with the owner's hold or pass (never anyone else's). The owner sees published
 * songs only, as in their playlist; an admin every one.
 */
export async function getBriefShortlist({ db, actor, briefId }: { db: Db; actor: Actor; briefId: string }): Promise<BriefShortlist> {
  const brief = await readableBrief(db, actor, briefId);
  const screened = await db
    .select({ songId: answerSong, reason: briefAnswers.verdictReason, addedAt: briefAnswers.shortlistedAt })
    .from(briefAnswers)
    .where(and(eq(briefAnswers.briefId, briefId), isNotNull(briefAnswers.shortlistedAt)));
  const listed = brief.playlistId
    ? await db
        .select({ songId: playlistSongs.songId, addedAt: playlistSongs.addedAt })
        .from(playlistSongs)
        .where(eq(playlistSongs.playlistId, brief.playlistId))
        .orderBy(asc(playlistSongs.position), asc(playlistSongs.addedAt))
    : [];
  // In the playlist's order (the owner's), then any shortlisted song no longer in it (taken out, or past its limit).
  const reasons = new Map(screened.flatMap((e) => (e.songId ? [[e.songId, e] as const] : [])));
  const entries = new Map<string, { reason: string | null; addedAt: Date }>();
  for (const e of listed)
    entries.set(e.songId, { reason: reasons.get(e.songId)?.reason ?? null, addedAt: reasons.get(e.songId)?.addedAt ?? e.addedAt });
  for (const [songId, e] of reasons) if (!entries.has(songId)) entries.set(songId, { reason: e.reason, addedAt: e.addedAt! });
  const ids = [...entries.keys()];
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ songId: songs.id, slug: songs.slug, title: songs.title, response: songResponses.response })
          .from(songs)
          .leftJoin(songResponses, and(eq(songResponses.songId, songs.id), eq(songResponses.userId, brief.ownerId)))
          .where(and(inArray(songs.id, ids), actor.roles.has('admin') ? undefined : eq(songs.isActive, true)));
  const byId = new Map(rows.map((r) => [r.songId, r]));
  const list = ids.flatMap((id) => {
    const song = byId.get(id);
    return song ? [{ ...song, ...entries.get(id)! }] : [];
  });
  return {
    briefId: brief.id,
    title: brief.title,
    playlistId: brief.playlistId,
    songs: list.map((r) => ({
      songId: r.songId,
      slug: r.slug,
      title: r.title,
      reason: r.reason,
      addedAt: r.addedAt.toISOString(),
      response: r.response,
    })),
  };
}

/**
 * POST /api/admin/briefs/:id/shortlist: the admin puts published catalogue songs on the brief's shortlist at once,
 * without an answer or a reason. A song there already stays where it is.
 */
export async function addToShortlist({ db, actor, briefId, songIds }: { db: Db; actor: Actor; briefId: string; songIds: string[] }) {
  await db.transaction(async (tx) => {
    const [brief] = await tx.select({ state: briefs.state }).from(briefs).where(eq(briefs.id, briefId));
    if (!brief) throw new AppError('NOT_FOUND', MESSAGES.briefs.notFound);
    if (brief.state === 'awaiting_approval') throw new AppError('CONFLICT', m.briefNotApproved);
    const found = await tx
      .select({ id: songs.id })
      .from(songs)
      .where(and(inArray(songs.id, songIds), eq(songs.isActive, true)));
    if (found.length !== songIds.length) throw new AppError('NOT_FOUND', m.songUnavailable);
    await appendToPlaylist(tx, await shortlistPlaylistOf(tx, briefId), songIds);
  });
  return getBriefShortlist({ db, actor, briefId });
}

/**
 * GET /api/briefs/my-outcomes: each of the writer's answers and where it stands. Once shortlisted, the brief
 * owner's own hold or pass on the song is told as "on hold" or "passed", never their note.
 */
export async function listMyBriefOutcomes({ db, actor }: { db: Db; actor: Actor }): Promise<MyBriefOutcome[]> {
  const rows = await db
    .select({
      answerId: briefAnswers.id,
      briefId: briefs.id,
      briefTitle: briefs.title,
      songTitle: sql<string>`coalesce(${songs.title}, ${songReviews.songTitle})`,
      answeredAt: briefAnswers.createdAt,
      verdict: briefAnswers.verdict,
      shortlistedAt: briefAnswers.shortlistedAt,
      response: sql<'hold' | 'pass' | null>`(select r.response from song_responses r
        where r.user_id = ${briefs.ownerId} and r.song_id = ${answerSong})`,
    })
    .from(briefAnswers)
    .innerJoin(briefs, eq(briefs.id, briefAnswers.briefId))
    .leftJoin(songs, eq(songs.id, briefAnswers.songId))
    .leftJoin(songReviews, eq(songReviews.id, briefAnswers.submissionId))
    .where(eq(briefAnswers.songwriterId, actor.id))
    .orderBy(desc(briefAnswers.createdAt), asc(briefAnswers.id));
  return rows.map((r) => ({
    answerId: r.answerId,
    briefId: r.briefId,
    briefTitle: r.briefTitle,
    songTitle: r.songTitle,
    answeredAt: r.answeredAt.toISOString(),
    outcome: outcomeOf(r),
  }));
}

function outcomeOf(r: { verdict: string | null; shortlistedAt: Date | null; response: 'hold' | 'pass' | null }): MyBriefOutcome['outcome'] {
  if (r.shortlistedAt) return r.response === 'hold' ? 'on_hold' : r.response === 'pass' ? 'passed' : 'shortlisted';
  if (r.verdict === null) return 'awaiting';
  return r.verdict === 'fits' ? 'awaiting_signature' : 'not_shortlisted';
}
