import { and, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { CreatedPitchLink, PitchLinkDetail, PitchLinkListItem, PitchLinkStatus } from '../../../common/responses';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import { pitchExpiresAt, type PitchLinkValues } from '../../../common/schemas/pitching';
import { enqueueMail } from '../../adapters/mail/outbox';
import type { Db } from '../../db/client';
import { pitchLinks, pitchLinkSongs, songPlays, songResponses, songs } from '../../db/schema';
import { pageUrl } from '../../emails/layout';
import { pitchLinkEmail } from '../../emails/pitch-link';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../accounts';
import { changesOf, recordAudit } from '../audit';
import { hashPitchToken, newPitchToken } from './pitch-token';
import { readPitchReplies, sharerCompany } from './pitch-replies.service';
import type { MailSettings } from './responses.service';

const m = MESSAGES.pitching;

/**
 * Creates the link, its shortlist in the chosen order and the recipient's e-mail in one transaction. The
 * token leaves the server only in that e-mail and in this reply; the database keeps its SHA-256.
 */
export async function createPitchLink({
  db,
  actor,
  values,
  mail,
}: {
  db: Db;
  actor: Actor;
  values: PitchLinkValues;
  mail: MailSettings;
}): Promise<CreatedPitchLink> {
  const token = newPitchToken();
  const url = pageUrl(mail.emailCtx, pathTo(PAGE_PATHS.pitch, { token }));
  const recipientEmail = values.recipientEmail.toLowerCase();
  return db.transaction(async (tx) => {
    const active = await tx
      .select({ id: songs.id })
      .from(songs)
      .where(and(inArray(songs.id, values.songIds), eq(songs.isActive, true)))
      .for('share');
    if (active.length !== values.songIds.length) throw new AppError('INVALID', m.songsUnavailable, { songIds: [m.songsUnavailable] });
    const [link] = await tx
      .insert(pitchLinks)
      .values({
        tokenHash: hashPitchToken(token),
        recipientName: values.recipientName,
        recipientEmail,
        recipientCompany: values.recipientCompany ?? null,
        message: values.message ?? null,
        expiresAt: pitchExpiresAt(values.expiresOn),
        createdBy: actor.id,
      })
      .returning({ id: pitchLinks.id });
    await tx.insert(pitchLinkSongs).values(values.songIds.map((songId, position) => ({ pitchLinkId: link!.id, songId, position })));
    await recordAudit(tx, {
      actor,
      action: 'pitch_link.create',
      subject: { kind: 'pitch_link', id: link!.id },
      summary: `Sent a pitch link of ${values.songIds.length} ${values.songIds.length === 1 ? 'song' : 'songs'} to ${recipientEmail}`,
      changes: changesOf(null, {
        recipientName: values.recipientName,
        recipientEmail,
        expiresOn: values.expiresOn,
        songIds: values.songIds,
      }),
    });
    await enqueueMail(tx, {
      to: recipientEmail,
      kind: 'pitch-link',
      ...pitchLinkEmail(mail.emailCtx, {
        recipientName: values.recipientName,
        message: values.message ?? null,
        songCount: values.songIds.length,
        expiresOn: values.expiresOn,
        url,
      }),
    });
    return { id: link!.id, url };
  });
}

function statusOf(link: { revokedAt: Date | null; expiresAt: Date }, now = Date.now()): PitchLinkStatus {
  if (link.revokedAt) return 'revoked';
  return link.expiresAt.getTime() <= now ? 'expired' : 'active';
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function summaries(db: Db) {
  return db
    .select({
      id: pitchLinks.id,
      recipientName: pitchLinks.recipientName,
      recipientEmail: pitchLinks.recipientEmail,
      recipientCompany: pitchLinks.recipientCompany,
      message: pitchLinks.message,
      createdAt: pitchLinks.createdAt,
      expiresAt: pitchLinks.expiresAt,
      revokedAt: pitchLinks.revokedAt,
      lastOpenedAt: pitchLinks.lastOpenedAt,
      downloadAllowed: pitchLinks.downloadAllowed,
      // Spelled out: drizzle leaves column names unqualified in a one-table select list.
      songCount: sql<number>`(select count(*)::int from pitch_link_songs pls where pls.pitch_link_id = pitch_links.id)`,
      plays: sql<number>`(select count(*)::int from song_plays sp where sp.pitch_link_id = pitch_links.id)`,
      holds: sql<number>`(select count(*)::int from song_responses sr where sr.pitch_link_id = pitch_links.id and sr.response = 'hold')`,
      passes: sql<number>`(select count(*)::int from song_responses sr where sr.pitch_link_id = pitch_links.id and sr.response = 'pass')`,
      downloads: sql<number>`(select count(*)::int from song_downloads sd where sd.pitch_link_id = pitch_links.id and sd.via = 'download')`,
      unreadReplies: sql<number>`(select count(*)::int from pitch_link_replies r where r.pitch_link_id = pitch_links.id and r.read_at is null)`,
      kind: pitchLinks.kind,
      createdBy: pitchLinks.createdBy,
      senderName: sql<
        string | null
      >`(select coalesce(nullif(u.name, ''), u.email) from users u where u.id = pitch_links.created_by and u.deleted_at is null)`,
      senderCompany: sharerCompany,
      playlistName: sql<string | null>`(select p.name from playlists p where p.id = pitch_links.playlist_id)`,
      passwordProtected: sql<boolean>`(pitch_links.password_hash is not null)`,
    })
    .from(pitchLinks);
}

type Summary = Awaited<ReturnType<typeof summaries>>[number];

function toListItem({ message: _message, createdBy: _createdBy, senderName, senderCompany, ...row }: Summary): PitchLinkListItem {
  return {
    ...row,
    sharedBy: senderName === null ? null : { name: senderName, company: row.kind === 'share' ? senderCompany : null },
    status: statusOf(row),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: iso(row.revokedAt),
    lastOpenedAt: iso(row.lastOpenedAt),
  };
}

/** Every pitch link, newest first, with its status and activity counts. */
export async function listPitchLinks({ db }: { db: Db }): Promise<PitchLinkListItem[]> {
  const rows = await summaries(db).orderBy(desc(pitchLinks.createdAt)).limit(500);
  return rows.map(toListItem);
}

/** Whose links a reader sees: every link (an admin), or one buyer's own shares. */
export type LinkReader = { kind: 'admin' } | { kind: 'sharer'; userId: string };

const readableBy = (reader: LinkReader) =>
  reader.kind === 'admin' ? undefined : and(eq(pitchLinks.kind, 'share'), eq(pitchLinks.createdBy, reader.userId));

/** A buyer's shares (or every link, for an admin), newest first. */
export async function listLinksOf({ db, reader }: { db: Db; reader: LinkReader }): Promise<PitchLinkListItem[]> {
  const rows = await summaries(db).where(readableBy(reader)).orderBy(desc(pitchLinks.createdAt)).limit(500);
  return rows.map(toListItem);
}

/**
 * One link with its songs in order and, per song, the recipient's plays, furthest point and answer. Only the
 * link's sender marks its replies read: an admin looking at a buyer's share leaves the buyer's "new" alone.
 */
export async function getPitchLink({
  db,
  id,
  reader = { kind: 'admin' },
}: {
  db: Db;
  id: string;
  reader?: LinkReader;
}): Promise<PitchLinkDetail> {
  const [link] = await summaries(db).where(and(eq(pitchLinks.id, id), readableBy(reader)));
  if (!link) throw new AppError('NOT_FOUND', reader.kind === 'admin' ? m.linkNotFound : m.shareNotFound);
  const sendersRead = reader.kind === 'admin' ? link.kind === 'pitch' : true;
  const plays = db
    .select({
      songId: songPlays.songId,
      plays: count().as('plays'),
      listened: sql<number>`coalesce(sum(${songPlays.durationSeconds}), 0)::int`.as('listened'),
      furthest: sql<number>`coalesce(max(${songPlays.furthestSeconds}), 0)::float8`.as('furthest'),
      completed: sql<boolean>`bool_or(${songPlays.completed})`.as('completed'),
      lastPlayedAt: max(songPlays.playedAt).as('last_played_at'),
    })
    .from(songPlays)
    .where(eq(songPlays.pitchLinkId, id))
    .groupBy(songPlays.songId)
    .as('plays');
  const rows = await db
    .select({
      songId: songs.id,
      title: songs.title,
      slug: songs.slug,
      songSeconds: songs.audioDurationSeconds,
      plays: sql<number>`coalesce(${plays.plays}, 0)::int`,
      listenedSeconds: sql<number>`coalesce(${plays.listened}, 0)::int`,
      furthestSeconds: sql<number>`coalesce(${plays.furthest}, 0)::float8`,
      completed: sql<boolean>`coalesce(${plays.completed}, false)`,
      lastPlayedAt: plays.lastPlayedAt,
      response: songResponses.response,
      note: songResponses.note,
    })
    .from(pitchLinkSongs)
    .innerJoin(songs, eq(songs.id, pitchLinkSongs.songId))
    .leftJoin(plays, eq(plays.songId, songs.id))
    .leftJoin(songResponses, and(eq(songResponses.songId, songs.id), eq(songResponses.pitchLinkId, id)))
    .where(eq(pitchLinkSongs.pitchLinkId, id))
    .orderBy(asc(pitchLinkSongs.position));
  return {
    ...toListItem(link),
    message: link.message,
    songs: rows.map((r) => ({ ...r, lastPlayedAt: r.lastPlayedAt ? new Date(r.lastPlayedAt).toISOString() : null })),
    replies: await readPitchReplies(db, id, sendersRead),
  };
}

/**
 * Revokes at once: the page, its API and its audio links all check revoked_at on every request. A buyer revokes
 * only their own shares; an admin any link.
 */
export async function revokePitchLink({
  db,
  actor,
  id,
  reader = { kind: 'admin' },
}: {
  db: Db;
  actor: Actor;
  id: string;
  reader?: LinkReader;
}) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(pitchLinks)
      .where(and(eq(pitchLinks.id, id), readableBy(reader)))
      .for('update');
    if (!before) throw new AppError('NOT_FOUND', reader.kind === 'admin' ? m.linkNotFound : m.shareNotFound);
    if (reader.kind === 'sharer') {
      // A buyer's own link: no admin action to audit.
      const [own] = await tx
        .update(pitchLinks)
        .set({ revokedAt: sql`coalesce(${pitchLinks.revokedAt}, now())` })
        .where(eq(pitchLinks.id, id))
        .returning({ revokedAt: pitchLinks.revokedAt });
      return { id, revokedAt: iso(own!.revokedAt) };
    }
    const [row] = await tx
      .update(pitchLinks)
      .set({ revokedAt: sql`coalesce(${pitchLinks.revokedAt}, now())` })
      .where(eq(pitchLinks.id, id))
      .returning({ id: pitchLinks.id, revokedAt: pitchLinks.revokedAt });
    await recordAudit(tx, {
      actor,
      action: 'pitch_link.revoke',
      subject: { kind: 'pitch_link', id },
      summary: `Revoked the pitch link sent to ${before.recipientEmail}`,
      changes: changesOf(before, row!, ['revokedAt']),
    });
    return { id, revokedAt: iso(row!.revokedAt) };
  });
}
