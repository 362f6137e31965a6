import { and, asc, eq } from 'drizzle-orm';
import type { CreatedPitchLink } from '../../../common/responses';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import { pitchExpiresAt, type ShareValues } from '../../../common/schemas/pitching';
import { enqueueMail } from '../../adapters/mail/outbox';
import type { Db, DbOrTx } from '../../db/client';
import { pitchLinks, pitchLinkSongs, playlists, playlistSongs, songs } from '../../db/schema';
import { pageUrl } from '../../emails/layout';
import { shareLinkEmail } from '../../emails/share-link';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { consumeRateLimit, RATE_RULES } from '../../lib/rate-limit';
import { signToken, verifyToken } from '../../lib/signed-token';
import type { Actor } from '../accounts';
import { mayDownload } from '../files';
import { hashPitchToken, newPitchToken } from './pitch-token';
import { pitchSender } from './pitch-replies.service';
import type { LivePitchLink } from './pitch-page.service';
import type { MailSettings } from './responses.service';

const m = MESSAGES.pitching;

/** What is shared: the active songs of one of the buyer's playlists in its order, or one active song. */
async function sharedSongs(tx: DbOrTx, actor: Actor, values: ShareValues) {
  if (values.songId !== undefined) {
    const [song] = await tx
      .select({ id: songs.id, title: songs.title })
      .from(songs)
      .where(and(eq(songs.id, values.songId), eq(songs.isActive, true)));
    if (!song) throw new AppError('NOT_FOUND', MESSAGES.songs.notFound);
    return { what: `"${song.title}"`, songIds: [song.id], playlistId: null };
  }
  // Another listener's playlist is "not found", as on its own routes.
  const [playlist] = await tx
    .select({ id: playlists.id, name: playlists.name })
    .from(playlists)
    .where(and(eq(playlists.id, values.playlistId!), eq(playlists.ownerId, actor.id)));
  if (!playlist) throw new AppError('NOT_FOUND', MESSAGES.playlists.notFound);
  const rows = await tx
    .select({ id: songs.id })
    .from(playlistSongs)
    .innerJoin(songs, and(eq(songs.id, playlistSongs.songId), eq(songs.isActive, true)))
    .where(eq(playlistSongs.playlistId, playlist.id))
    .orderBy(asc(playlistSongs.position), asc(playlistSongs.addedAt));
  if (rows.length === 0) throw new AppError('INVALID', m.shareSongsUnavailable, { playlistId: [m.shareSongsUnavailable] });
  return { what: `the playlist "${playlist.name}"`, songIds: rows.map((r) => r.id), playlistId: playlist.id };
}

/**
 * A buyer shares a playlist (its songs as they stand now, copied onto the link) or a song with one named
 * recipient: a pitch link of kind `share`, with the same token, page and tracking as an admin's. Download is
 * offered only to a buyer who may download; the e-mail, when asked for, goes through the outbox.
 */
export async function createShare({
  db,
  actor,
  values,
  mail,
}: {
  db: Db;
  actor: Actor;
  values: ShareValues;
  mail: MailSettings;
}): Promise<CreatedPitchLink> {
  await consumeRateLimit(db, `share:${actor.id}`, RATE_RULES.shareCreate);
  if (values.downloadAllowed && !(await mayDownload(db, actor))) throw new AppError('FORBIDDEN', m.shareDownloadNotAllowed);
  const passwordHash = values.password ? await hashPassword(values.password) : null;
  const token = newPitchToken();
  const url = pageUrl(mail.emailCtx, pathTo(PAGE_PATHS.pitch, { token }));
  const recipientEmail = values.recipientEmail.toLowerCase();
  return db.transaction(async (tx) => {
    const shared = await sharedSongs(tx, actor, values);
    const [link] = await tx
      .insert(pitchLinks)
      .values({
        tokenHash: hashPitchToken(token),
        kind: 'share',
        playlistId: shared.playlistId,
        passwordHash,
        recipientName: values.recipientName,
        recipientEmail,
        recipientCompany: values.recipientCompany ?? null,
        message: values.message ?? null,
        expiresAt: pitchExpiresAt(values.expiresOn),
        downloadAllowed: values.downloadAllowed,
        createdBy: actor.id,
      })
      .returning({ id: pitchLinks.id });
    await tx.insert(pitchLinkSongs).values(shared.songIds.map((songId, position) => ({ pitchLinkId: link!.id, songId, position })));
    if (values.sendEmail) {
      const sender = await pitchSender(tx, link!.id, mail);
      await enqueueMail(tx, {
        to: recipientEmail,
        replyTo: sender.email,
        kind: 'share-link',
        ...shareLinkEmail(mail.emailCtx, {
          recipientName: values.recipientName,
          senderName: sender.name,
          senderCompany: sender.company || null,
          what: shared.what,
          songCount: shared.songIds.length,
          message: values.message ?? null,
          expiresOn: values.expiresOn,
          passwordProtected: passwordHash !== null,
          url,
        }),
      });
    }
    return { id: link!.id, url };
  });
}

const UNLOCK_PURPOSE = 'share-unlock';

/** The cookie that says this browser gave a protected share's password; scoped to the link's own API path. */
export const shareUnlockCookie = (secure: boolean, token: string) => ({
  name: `${secure ? '__Secure-' : ''}pitchroom.share_unlock`,
  options: { httpOnly: true, secure, sameSite: 'Lax', path: `/api/pitch/${token}` } as const,
});

/** Whether the request may open the link: no password, or this browser unlocked this link. */
export function isUnlocked(secret: string, link: LivePitchLink, cookie: string | undefined): boolean {
  if (link.passwordHash === null) return true;
  return !!cookie && verifyToken(secret, UNLOCK_PURPOSE, cookie)?.link === link.id;
}

/**
 * Checks a protected share's password, counting every try against the link from this address and against the
 * link overall (the same rate-limit table as every other limit), and answers the cookie's value when right.
 */
export async function unlockShare({
  db,
  secret,
  link,
  password,
  clientIp,
}: {
  db: Db;
  secret: string;
  link: LivePitchLink;
  password: string;
  clientIp: string;
}): Promise<string | null> {
  if (link.passwordHash === null) return null;
  await consumeRateLimit(db, `share-password:${link.id}:${clientIp}`, RATE_RULES.sharePassword);
  await consumeRateLimit(db, `share-password:${link.id}`, RATE_RULES.sharePasswordPerLink);
  if (!(await verifyPassword({ hash: link.passwordHash, password }))) {
    throw new AppError('INVALID', m.sharePasswordWrong, { password: [m.sharePasswordWrong] });
  }
  const ttl = Math.max(60, Math.ceil((link.expiresAt.getTime() - Date.now()) / 1000));
  return signToken(secret, UNLOCK_PURPOSE, { link: link.id }, ttl);
}
