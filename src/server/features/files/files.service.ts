import type { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { StorageBucket } from '../../../common/constants';
import { SIGNED_URL_TTL_SECONDS, THUMB_LINK_WINDOW_SECONDS } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { DbOrTx } from '../../db/client';
import { storedFiles } from '../../db/schema';
import { newObjectKey, type Storage } from '../../adapters/storage/storage';
import { signFileToken, verifyFileToken } from '../../adapters/storage/signed-url';
import { AppError } from '../../lib/app-error';
import { LRUCache } from 'lru-cache';
import type { Actor } from '../accounts';
import { pitchLinkSenderAllows, type Downloader } from './download-policy';

export type StoredFile = typeof storedFiles.$inferSelect;

export type NewStoredFile = typeof storedFiles.$inferInsert & { bucket: StorageBucket; key: string };

/**
 * Puts the bytes in storage and returns the row to insert. Callers insert it in the transaction of the
 * change that uses the file, so bytes always exist before the row that points at them; when that
 * transaction fails they call removeObjects.
 */
export async function putFile({
  storage,
  bucket,
  ownerId,
  body,
  contentType,
  extension,
  originalName,
}: {
  storage: Storage;
  bucket: StorageBucket;
  ownerId: string | null;
  body: Buffer | Readable;
  contentType: string;
  extension: string;
  originalName?: string | null;
}): Promise<NewStoredFile> {
  const key = newObjectKey(ownerId ?? bucket, `file.${extension}`);
  const { sizeBytes } = await storage.put({ bucket, key, body, contentType });
  return { bucket, key, contentType, sizeBytes, originalName: originalName?.slice(0, 255) ?? null, ownerId };
}

export async function insertFile(tx: DbOrTx, file: NewStoredFile): Promise<StoredFile> {
  const [row] = await tx.insert(storedFiles).values(file).returning();
  return row!;
}

/** Removes stored objects after the rows pointing at them are gone; a failure leaves only an orphan. */
export async function removeObjects(storage: Storage, files: Pick<StoredFile, 'bucket' | 'key'>[]): Promise<void> {
  await Promise.all(files.map((f) => storage.delete({ bucket: f.bucket, key: f.key }).catch(() => {})));
}

/** A link to a stored file for one user, valid 3600 s; the route re-checks access on every request. */
export function fileLink(secret: string, fileId: string, userId: string, now = Date.now()): string {
  return `/api/files/${signFileToken(secret, { fileId, subject: userId }, SIGNED_URL_TTL_SECONDS, now)}`;
}

/**
 * A link to a cover thumbnail for one user that stays the same for a whole THUMB_LINK_WINDOW_SECONDS (a day)
 * and lives one more: a list answered twice in that time names the same addresses, so the browser keeps the
 * pictures (they never change under their id) instead of fetching them again. The route re-checks access on
 * every request, as for any link.
 */
export function thumbLink(secret: string, fileId: string, userId: string, now = Date.now()): string {
  const windowMs = THUMB_LINK_WINDOW_SECONDS * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  return `/api/files/${signFileToken(secret, { fileId, subject: userId }, 2 * THUMB_LINK_WINDOW_SECONDS, windowStart)}`;
}

/** A pitch link's recipient has no account: their file links name the pitch link (user ids never contain ':'). */
const PITCH_SUBJECT = 'pitch:';
const UUID_PATTERN = /^[0-9a-f-]{36}$/i;
export const pitchFileSubject = (pitchLinkId: string) => `${PITCH_SUBJECT}${pitchLinkId}`;

/**
 * A pitch link's file link is honoured only while the pitch link is live (not revoked, not expired) and the
 * file is the audio, an audio version (decision 0086) or the cover of an active song on its shortlist: revoking
 * stops links already handed out. The stems (song-stems) are never streamed, so never honoured here.
 */
async function authorizePitchFile(db: DbOrTx, pitchLinkId: string, fileId: string): Promise<StoredFile> {
  if (!UUID_PATTERN.test(pitchLinkId) || !UUID_PATTERN.test(fileId)) throw new AppError('NOT_FOUND', MESSAGES.files.notFound);
  const [row] = await db
    .select({ file: storedFiles })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.id, fileId),
        sql`exists (select 1 from pitch_links pl
          join pitch_link_songs pls on pls.pitch_link_id = pl.id
          join songs s on s.id = pls.song_id
          where pl.id = ${pitchLinkId} and pl.revoked_at is null and pl.expires_at > now() and s.is_active
            and ${pitchLinkSenderAllows('pl')}
            and (s.audio_file_id = stored_files.id or s.image_web_file_id = stored_files.id
              or s.image_thumb_file_id = stored_files.id or s.image_thumb_2x_file_id = stored_files.id
              or exists (select 1 from song_versions v where v.song_id = s.id and v.file_id = stored_files.id
                and v.kind <> 'stems')))`,
      ),
    );
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.files.notFound);
  return row.file;
}

/**
 * One query: the file, and whether an active song uses it, as its own or a version's (the only way a preview user may read it).
 * Prepared once per database, as the session read is: a player asks for its audio in many small ranges.
 */
const fileWithActiveSongStatements = new WeakMap<DbOrTx, ReturnType<typeof prepareFileWithActiveSong>>();
function prepareFileWithActiveSong(db: DbOrTx) {
  return db
    .select({
      file: storedFiles,
      // Spelled out: drizzle leaves column names unqualified inside a select list, and "id" would be the song's.
      // A song's audio versions stream as its own audio does (its stems are in song-stems, never streamed).
      onActiveSong: sql<boolean>`(exists (select 1 from songs s where s.is_active
        and (s.audio_file_id = stored_files.id or s.image_file_id = stored_files.id or s.image_web_file_id = stored_files.id
          or s.image_thumb_file_id = stored_files.id or s.image_thumb_2x_file_id = stored_files.id))
        or exists (select 1 from song_versions v join songs s on s.id = v.song_id where v.file_id = stored_files.id and s.is_active))`,
    })
    .from(storedFiles)
    .where(eq(storedFiles.id, sql.placeholder('fileId')))
    .prepare('file_with_active_song');
}
function fileWithActiveSong(db: DbOrTx) {
  let statement = fileWithActiveSongStatements.get(db);
  if (!statement) fileWithActiveSongStatements.set(db, (statement = prepareFileWithActiveSong(db)));
  return statement;
}
type FileWithActiveSong = Awaited<ReturnType<ReturnType<typeof prepareFileWithActiveSong>['execute']>>[number];

/**
 * A cache of file rows by id, for a player's many small Range requests, each of which would otherwise read the
 * same row. Who may read the file is still decided on every request, from the cached row and the caller.
 */
export type FileChecks = LRUCache<string, NonNullable<FileWithActiveSong>, DbOrTx>;
export function createFileChecks({ ttlMs = 2_000, max = 10_000, perf }: { ttlMs?: number; max?: number; perf?: { now(): number } } = {}) {
  return new LRUCache<string, NonNullable<FileWithActiveSong>, DbOrTx>({
    max,
    ttl: ttlMs,
    ttlResolution: 0,
    ...(perf && { perf }),
    // A file that does not exist is not cached: one stored a moment later is found at once.
    fetchMethod: async (fileId, _stale, { context }) => (await fileWithActiveSong(context).execute({ fileId }))[0],
  });
}

/**
 * The file a link points at, when the link is genuine and unexpired, was issued to this user, and the
 * user may still read the file now: catalogue files for admins, and for preview users only while
 * their song is active; private uploads for their owner and admins.
 */
export async function authorizeFileLink({
  db,
  secret,
  actor,
  token,
  fileChecks,
}: {
  db: DbOrTx;
  secret: string;
  actor: Actor | null;
  token: string;
  fileChecks?: FileChecks | undefined;
}): Promise<{ file: StoredFile; expiresAt: number; reader: Downloader }> {
  const claims = verifyFileToken(secret, token);
  if (!claims) throw new AppError('FORBIDDEN', MESSAGES.files.linkInvalid);
  if (claims.subject.startsWith(PITCH_SUBJECT)) {
    const pitchLinkId = claims.subject.slice(PITCH_SUBJECT.length);
    const file = await authorizePitchFile(db, pitchLinkId, claims.fileId);
    return { file, expiresAt: claims.expiresAt, reader: { kind: 'pitch', pitchLinkId } };
  }
  if (!actor) throw new AppError('UNAUTHENTICATED', MESSAGES.generic.unauthenticated);
  if (claims.subject !== actor.id) throw new AppError('FORBIDDEN', MESSAGES.files.linkInvalid);

  if (!UUID_PATTERN.test(claims.fileId)) throw new AppError('NOT_FOUND', MESSAGES.files.notFound);
  const { fileId } = claims;
  const readRow = async () => (await fileWithActiveSong(db).execute({ fileId }))[0];
  // A cached read given up on (the cache cleared while it ran, after an admin's change) is made again directly.
  const row = fileChecks ? await fileChecks.fetch(fileId, { context: db }).catch(readRow) : await readRow();
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.files.notFound);
  const { file, onActiveSong } = row;
  const isAdmin = actor.roles.has('admin');
  const reader: Downloader = isAdmin ? { kind: 'admin' } : { kind: 'user', userId: actor.id };

  if (file.bucket === 'song-audio' || file.bucket === 'song-images') {
    if (isAdmin) return { file, expiresAt: claims.expiresAt, reader };
    if (!actor.roles.has('preview')) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
    if (!onActiveSong) throw new AppError('NOT_FOUND', MESSAGES.files.notFound);
    return { file, expiresAt: claims.expiresAt, reader };
  }
  if (isAdmin || file.ownerId === actor.id) return { file, expiresAt: claims.expiresAt, reader };
  throw new AppError('NOT_FOUND', MESSAGES.files.notFound);
}
