import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AdminSongResponse, MySongResponseItem } from '../../../common/responses';
import type { SongResponse } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { adminPitchLinkPath, adminPreviewUserPath } from '../../../common/routes';
import type { SongResponseValues } from '../../../common/schemas/pitching';
import { enqueueMail } from '../../adapters/mail/outbox';
import type { Db, DbOrTx } from '../../db/client';
import { pitchLinks, previewRequests, songResponses, songs, users } from '../../db/schema';
import { pageUrl, type EmailContext } from '../../emails/layout';
import { songHeldEmail } from '../../emails/song-held';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../accounts';
import { thumbLink } from '../files';
import { requestCompany } from '../preview-access';

export interface MailSettings {
  emailCtx: EmailContext;
  adminEmail: string;
}

/** Who answers: a signed-in preview user (or admin), or the recipient of a live pitch link. */
export type Listener = { kind: 'user'; actor: Actor } | { kind: 'pitch'; pitchLinkId: string };

const ofListener = (l: Listener): SQL =>
  l.kind === 'user' ? eq(songResponses.userId, l.actor.id) : eq(songResponses.pitchLinkId, l.pitchLinkId);

/** Admins may answer any song; preview users active ones; a recipient the active songs of their shortlist. */
async function answerableSong(db: DbOrTx, listener: Listener, songId: string) {
  const conditions: SQL[] = [eq(songs.id, songId)];
  const isAdmin = listener.kind === 'user' && listener.actor.roles.has('admin');
  if (!isAdmin) conditions.push(eq(songs.isActive, true));
  if (listener.kind === 'pitch') {
    conditions.push(
      sql`exists (select 1 from pitch_link_songs pls where pls.pitch_link_id = ${listener.pitchLinkId} and pls.song_id = songs.id)`,
    );
  }
  const [song] = await db
    .select({ id: songs.id, title: songs.title })
    .from(songs)
    .where(and(...conditions));
  if (!song) throw new AppError('NOT_FOUND', MESSAGES.songs.notFound);
  return song;
}

/** Writes the answer and returns the one it replaced, under a row lock so a hold is told apart from a note edit. */
async function writeResponse(tx: DbOrTx, listener: Listener, songId: string, values: SongResponseValues): Promise<SongResponse | null> {
  // Two tries: a first answer racing another first answer finds the other's row on the second.
  for (let attempt = 0; attempt < 2; attempt++) {
    const [old] = await tx
      .select({ id: songResponses.id, response: songResponses.response })
      .from(songResponses)
      .where(and(eq(songResponses.songId, songId), ofListener(listener)))
      .for('update');
    if (old) {
      await tx.update(songResponses).set(values).where(eq(songResponses.id, old.id));
      return old.response;
    }
    const owner = listener.kind === 'user' ? { userId: listener.actor.id } : { pitchLinkId: listener.pitchLinkId };
    const inserted = await tx
      .insert(songResponses)
      .values({ songId, ...owner, ...values })
      .onConflictDoNothing()
      .returning({ id: songResponses.id });
    if (inserted.length > 0) return null;
  }
  throw new AppError('CONFLICT', MESSAGES.generic.unexpected);
}

async function describeListener(db: DbOrTx, listener: Listener) {
  if (listener.kind === 'pitch') {
    const [link] = await db
      .select({ name: pitchLinks.recipientName, email: pitchLinks.recipientEmail, company: pitchLinks.recipientCompany })
      .from(pitchLinks)
      .where(eq(pitchLinks.id, listener.pitchLinkId));
    return link!;
  }
  const [request] = await db
    .select({ company: previewRequests.companyName })
    .from(previewRequests)
    .where(eq(previewRequests.userId, listener.actor.id))
    .orderBy(desc(previewRequests.createdAt))
    .limit(1);
  return { name: listener.actor.name, email: listener.actor.email, company: request?.company ?? null };
}

/**
 * Puts a song on hold (with an optional note) or passes on it, replacing the listener's earlier answer. A new
 * hold e-mails the admin notify address in the same transaction; editing the note of a hold does not.
 */
export async function setSongResponse({
  db,
  listener,
  songId,
  values,
  mail,
}: {
  db: Db;
  listener: Listener;
  songId: string;
  values: SongResponseValues;
  mail: MailSettings;
}) {
  const song = await answerableSong(db, listener, songId);
  await db.transaction(async (tx) => {
    const previous = await writeResponse(tx, listener, songId, values);
    if (values.response !== 'hold' || previous === 'hold') return;
    const who = await describeListener(tx, listener);
    const url = pageUrl(
      mail.emailCtx,
      listener.kind === 'pitch' ? adminPitchLinkPath(listener.pitchLinkId) : adminPreviewUserPath(listener.actor.id),
    );
    await enqueueMail(tx, {
      to: mail.adminEmail,
      kind: 'song-held',
      ...songHeldEmail(mail.emailCtx, {
        songTitle: song.title,
        note: values.note,
        listener: who,
        via: listener.kind === 'pitch' ? 'pitch' : 'preview',
        url,
      }),
    });
  });
  return { songId, ...values };
}

/** Takes the listener's answer back; nothing to take back is fine too. */
export async function clearSongResponse({ db, listener, songId }: { db: Db; listener: Listener; songId: string }) {
  await db.delete(songResponses).where(and(eq(songResponses.songId, songId), ofListener(listener)));
}

/**
 * The signed-in listener's holds and passes, newest first; a preview user's only on songs they can still open.
 * Each with its song's cover thumbnails, linked as the catalogue links them.
 */
export async function listMyResponses({ db, actor, secret }: { db: Db; actor: Actor; secret: string }): Promise<MySongResponseItem[]> {
  const visible = actor.roles.has('admin') ? undefined : eq(songs.isActive, true);
  const rows = await db
    .select({
      songId: songResponses.songId,
      songSlug: songs.slug,
      songTitle: songs.title,
      response: songResponses.response,
      note: songResponses.note,
      updatedAt: songResponses.updatedAt,
      thumbFileId: songs.imageThumbFileId,
      thumb2xFileId: songs.imageThumb2xFileId,
    })
    .from(songResponses)
    .innerJoin(songs, eq(songs.id, songResponses.songId))
    .where(and(eq(songResponses.userId, actor.id), visible))
    .orderBy(desc(songResponses.updatedAt));
  const now = Date.now();
  return rows.map(({ thumbFileId, thumb2xFileId, ...r }) => ({
    ...r,
    updatedAt: r.updatedAt.toISOString(),
    thumbnail:
      thumbFileId && thumb2xFileId
        ? { small: thumbLink(secret, thumbFileId, actor.id, now), large: thumbLink(secret, thumb2xFileId, actor.id, now) }
        : null,
  }));
}

/** Admin: holds and passes of one song or one preview user (or the latest of all), newest first. */
export async function listAdminResponses({
  db,
  query,
}: {
  db: Db;
  query: { songId?: string | undefined; userId?: string | undefined };
}): Promise<AdminSongResponse[]> {
  const rows = await db
    .select({
      id: songResponses.id,
      songId: songResponses.songId,
      songSlug: songs.slug,
      songTitle: songs.title,
      response: songResponses.response,
      note: songResponses.note,
      updatedAt: songResponses.updatedAt,
      userId: songResponses.userId,
      userName: users.name,
      userEmail: users.email,
      userCompany: requestCompany(songResponses.userId),
      pitchLinkId: songResponses.pitchLinkId,
      recipientName: pitchLinks.recipientName,
      recipientEmail: pitchLinks.recipientEmail,
      recipientCompany: pitchLinks.recipientCompany,
      pitchedSong: sql<boolean>`${songs.pitchAgreementId} is not null`,
      companyShownToWriter: songResponses.companyShownToWriter,
    })
    .from(songResponses)
    .innerJoin(songs, eq(songs.id, songResponses.songId))
    .leftJoin(users, eq(users.id, songResponses.userId))
    .leftJoin(pitchLinks, eq(pitchLinks.id, songResponses.pitchLinkId))
    .where(
      and(
        query.songId ? eq(songResponses.songId, query.songId) : undefined,
        query.userId ? eq(songResponses.userId, query.userId) : undefined,
      ),
    )
    .orderBy(desc(songResponses.updatedAt))
    .limit(500);
  return rows.map((r) => ({
    id: r.id,
    songId: r.songId,
    songSlug: r.songSlug,
    songTitle: r.songTitle,
    response: r.response,
    note: r.note,
    updatedAt: r.updatedAt.toISOString(),
    listener: r.pitchLinkId
      ? { kind: 'pitch', id: r.pitchLinkId, name: r.recipientName ?? '', email: r.recipientEmail ?? '', company: r.recipientCompany }
      : { kind: 'user', id: r.userId ?? '', name: r.userName ?? '', email: r.userEmail ?? '', company: r.userCompany },
    pitchedSong: r.pitchedSong,
    companyShownToWriter: r.companyShownToWriter,
  }));
}
