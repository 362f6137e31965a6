import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { BRIEF_LIMITS } from '../../../common/constants';
import { daysBetween } from '../../../common/days';
import * as MESSAGES from '../../../common/messages';
import type { BriefAnswer, MyBriefAnswer, OwnBrief, WriterBrief } from '../../../common/responses/briefs';
import type { BriefCreateValues } from '../../../common/schemas/briefs';
import type { Db, DbOrTx } from '../../db/client';
import { briefAnswers, briefReferences, briefs, pitchAgreements, songReviews, songs, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Actor } from '../accounts';
import { requestCompany } from '../preview-access';
import { songwriterSummary } from '../songwriters';
import { answerSong, briefColumns, briefToday, isExpired, ownBriefs, referencesOf } from './brief-rows';

const m = MESSAGES.briefs;

/**
 * A new brief. A buyer's waits for an admin's approval; an admin's is open at once. The deadline is checked
 * against the server's clock; reference songs must be live in the catalogue.
 */
export async function createBrief({ db, actor, values, now }: { db: Db; actor: Actor; values: BriefCreateValues; now: Date }) {
  const ahead = daysBetween(briefToday(now), values.deadlineOn);
  if (ahead < 0) throw new AppError('INVALID', m.deadlinePast, { deadlineOn: [m.deadlinePast] });
  if (ahead > BRIEF_LIMITS.deadlineMaxDays) throw new AppError('INVALID', m.deadlineTooFar, { deadlineOn: [m.deadlineTooFar] });
  const isAdmin = actor.roles.has('admin');
  const id = await db.transaction(async (tx) => {
    if (values.referenceSongIds.length > 0) {
      const live = await tx
        .select({ id: songs.id })
        .from(songs)
        .where(and(inArray(songs.id, values.referenceSongIds), eq(songs.isActive, true)));
      if (live.length !== values.referenceSongIds.length) {
        throw new AppError('INVALID', m.referenceUnavailable, { referenceSongIds: [m.referenceUnavailable] });
      }
    }
    const { referenceSongIds, ...fields } = values;
    const [row] = await tx
      .insert(briefs)
      .values({
        ...fields,
        ownerId: actor.id,
        state: isAdmin ? 'open' : 'awaiting_approval',
        approvedAt: isAdmin ? now : null,
        approvedBy: isAdmin ? actor.id : null,
        createdAt: now,
      })
      .returning({ id: briefs.id });
    if (referenceSongIds.length > 0) {
      await tx.insert(briefReferences).values(referenceSongIds.map((songId, position) => ({ briefId: row!.id, songId, position })));
    }
    return row!.id;
  });
  const { ownerId: _, ...brief } = (await ownBriefs(db, eq(briefs.id, id), now))[0]!;
  return brief;
}

/** The caller's own briefs, newest first. */
export async function listMyBriefs({ db, actor, now }: { db: Db; actor: Actor; now: Date }): Promise<OwnBrief[]> {
  return (await ownBriefs(db, eq(briefs.ownerId, actor.id), now)).map(({ ownerId: _, ...brief }) => brief);
}

/** A songwriter's own answers to the given briefs. */
async function myAnswersOf(db: DbOrTx, songwriterId: string, briefIds: string[]) {
  const byBrief = new Map<string, MyBriefAnswer[]>();
  if (briefIds.length === 0) return byBrief;
  const rows = await db
    .select({
      briefId: briefAnswers.briefId,
      id: briefAnswers.id,
      submissionId: briefAnswers.submissionId,
      songTitle: sql<string>`coalesce(${songs.title}, ${songReviews.songTitle})`,
      createdAt: briefAnswers.createdAt,
      verdict: briefAnswers.verdict,
    })
    .from(briefAnswers)
    .leftJoin(songs, eq(songs.id, briefAnswers.songId))
    .leftJoin(songReviews, eq(songReviews.id, briefAnswers.submissionId))
    .where(and(eq(briefAnswers.songwriterId, songwriterId), inArray(briefAnswers.briefId, briefIds)))
    .orderBy(asc(briefAnswers.createdAt));
  for (const { briefId, submissionId, createdAt, ...answer } of rows) {
    const mine = { ...answer, kind: submissionId ? ('submission' as const) : ('catalogue' as const), createdAt: createdAt.toISOString() };
    byBrief.set(briefId, [...(byBrief.get(briefId) ?? []), mine]);
  }
  return byBrief;
}

/**
 * The briefs a songwriter may answer: open, deadline not passed, nearest deadline first. The owner is named only
 * when they chose to be; otherwise nothing of them is read, let alone sent.
 */
export async function listOpenBriefs({ db, actor, now }: { db: Db; actor: Actor; now: Date }): Promise<WriterBrief[]> {
  const {
    ownerId: _,
    state: __,
    showBuyer,
    shortlistPlaylistId: ___,
    createdAt: ____,
    approvedAt: _____,
    closedAt: ______,
    ...shown
  } = briefColumns;
  const rows = await db
    .select({
      ...shown,
      buyerName: sql<string | null>`case when ${showBuyer} then ${users.name} end`,
      buyerCompany: sql<string | null>`case when ${showBuyer} then ${requestCompany(briefs.ownerId)} end`,
    })
    .from(briefs)
    .innerJoin(users, eq(users.id, briefs.ownerId))
    .where(and(eq(briefs.state, 'open'), gte(briefs.deadlineOn, briefToday(now))))
    .orderBy(asc(briefs.deadlineOn), desc(briefs.createdAt), asc(briefs.id));
  const ids = rows.map((r) => r.id);
  const [refs, mine] = await Promise.all([referencesOf(db, ids), myAnswersOf(db, actor.id, ids)]);
  return rows.map(({ buyerName, buyerCompany, ...brief }) => ({
    ...brief,
    expired: false,
    references: refs.get(brief.id) ?? [],
    buyer: buyerName === null ? null : { name: buyerName, company: buyerCompany },
    myAnswers: mine.get(brief.id) ?? [],
  }));
}

/**
 * Locks a brief while an answer is added, and refuses it unless the brief is open and its deadline has not
 * passed. A brief a songwriter may not see reads as not found.
 */
export async function lockBriefForAnswer(tx: DbOrTx, briefId: string, now: Date) {
  const [brief] = await tx
    .select({ state: briefs.state, deadlineOn: briefs.deadlineOn })
    .from(briefs)
    .where(eq(briefs.id, briefId))
    .for('share');
  if (!brief || brief.state === 'awaiting_approval') throw new AppError('NOT_FOUND', m.notFound);
  if (brief.state !== 'open') throw new AppError('CONFLICT', m.closedForAnswers);
  if (isExpired(brief.deadlineOn, now)) throw new AppError('CONFLICT', m.expired);
}

/** Whether a brief takes answers now: checked before a new song's files are read, and again as it is stored. */
export async function assertBriefTakesAnswers(db: Db, briefId: string, now: Date): Promise<void> {
  await lockBriefForAnswer(db, briefId, now);
}

/**
 * Links a new song sent for review to the brief it answers, in the submission's own transaction (so a song
 * refused by the brief is not taken either).
 */
export async function answerWithSubmission(tx: DbOrTx, { briefId, songwriterId, submissionId, now }: LinkSubmission) {
  await lockBriefForAnswer(tx, briefId, now);
  await tx.insert(briefAnswers).values({ briefId, songwriterId, submissionId, createdAt: now });
}
interface LinkSubmission {
  briefId: string;
  songwriterId: string;
  submissionId: string;
  now: Date;
}

/** A songwriter's songs signed into the catalogue (through an accepted pitch agreement), to answer briefs with. */
export async function listMySignedSongs({ db, actor }: { db: DbOrTx; actor: Actor }) {
  return db
    .select({ id: songs.id, title: songs.title })
    .from(songs)
    .innerJoin(pitchAgreements, eq(pitchAgreements.id, songs.pitchAgreementId))
    .where(and(eq(pitchAgreements.songwriterId, actor.id), eq(pitchAgreements.status, 'accepted'), eq(songs.isActive, true)))
    .orderBy(asc(songs.title), asc(songs.id));
}

/** Answers a brief with a song of the writer's already signed into the catalogue. */
export async function answerWithCatalogueSong({
  db,
  actor,
  briefId,
  songId,
  now,
}: {
  db: Db;
  actor: Actor;
  briefId: string;
  songId: string;
  now: Date;
}): Promise<MyBriefAnswer> {
  try {
    return await db.transaction(async (tx) => {
      await lockBriefForAnswer(tx, briefId, now);
      const [song] = (await listMySignedSongs({ db: tx, actor })).filter((s) => s.id === songId);
      // Another writer's song is answered as one that does not exist: nothing tells the two apart.
      if (!song) throw new AppError('NOT_FOUND', m.songNotYours);
      const [row] = await tx
        .insert(briefAnswers)
        .values({ briefId, songwriterId: actor.id, songId, createdAt: now })
        .returning({ id: briefAnswers.id, createdAt: briefAnswers.createdAt });
      return { id: row!.id, kind: 'catalogue' as const, songTitle: song.title, createdAt: row!.createdAt.toISOString(), verdict: null };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'brief_answers_brief_song_unique')) throw new AppError('CONFLICT', m.alreadyAnswered);
    throw error;
  }
}

/** A brief's answers, for its owner and the admins only; anyone else is told it does not exist. */
export async function listBriefAnswers({ db, actor, briefId }: { db: Db; actor: Actor; briefId: string }): Promise<BriefAnswer[]> {
  const [brief] = await db.select({ ownerId: briefs.ownerId }).from(briefs).where(eq(briefs.id, briefId));
  if (!brief || (brief.ownerId !== actor.id && !actor.roles.has('admin'))) throw new AppError('NOT_FOUND', m.notFound);
  const rows = await db
    .select({
      id: briefAnswers.id,
      submissionId: briefAnswers.submissionId,
      songTitle: sql<string>`coalesce(${songs.title}, ${songReviews.songTitle})`,
      songId: answerSong(briefAnswers.songId, briefAnswers.submissionId),
      songwriterName: songwriterSummary.name,
      createdAt: briefAnswers.createdAt,
      verdict: briefAnswers.verdict,
      verdictReason: briefAnswers.verdictReason,
      verdictAt: briefAnswers.verdictAt,
      shortlistedAt: briefAnswers.shortlistedAt,
    })
    .from(briefAnswers)
    .leftJoin(songs, eq(songs.id, briefAnswers.songId))
    .leftJoin(songReviews, eq(songReviews.id, briefAnswers.submissionId))
    .innerJoin(songwriterSummary, eq(songwriterSummary.id, briefAnswers.songwriterId))
    .where(eq(briefAnswers.briefId, briefId))
    .orderBy(desc(briefAnswers.createdAt), asc(briefAnswers.id));
  const songIds = rows.flatMap((r) => (r.songId ? [r.songId] : []));
  const slugs = new Map(
    songIds.length === 0
      ? []
      : (await db.select({ id: songs.id, slug: songs.slug }).from(songs).where(inArray(songs.id, songIds))).map((s) => [s.id, s.slug]),
  );
  return rows.map(({ songId, createdAt, verdictAt, shortlistedAt, ...r }) => ({
    ...r,
    kind: r.submissionId ? ('submission' as const) : ('catalogue' as const),
    song: songId && slugs.has(songId) ? { id: songId, slug: slugs.get(songId)! } : null,
    createdAt: createdAt.toISOString(),
    verdictAt: verdictAt?.toISOString() ?? null,
    shortlistedAt: shortlistedAt?.toISOString() ?? null,
  }));
}
