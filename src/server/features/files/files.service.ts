import type { Readable } from 'node:stream';
import { and, eq, or } from 'drizzle-orm';
import type { StorageBucket } from '../../../common/constants';
import { SIGNED_URL_TTL_SECONDS } from '../../../common/constants';
import { MESSAGES } from '../../../common/messages';
import type { DbOrTx } from '../../db/client';
import { songs, storedFiles } from '../../db/schema';
import { newObjectKey, type Storage } from '../../adapters/storage/storage';
import { signFileToken, verifyFileToken } from '../../adapters/storage/signed-url';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../accounts/accounts.service';

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
 * The file a link points at, when the link is genuine and unexpired, was issued to this user, and the
 * user may still read the file now: catalogue files for admins, and for preview users only while
 * their song is active; private uploads for their owner and admins.
 */
export async function authorizeFileLink({
  db,
  secret,
  actor,
  token,
}: {
  db: DbOrTx;
  secret: string;
  actor: Actor | null;
  token: string;
}): Promise<{ file: StoredFile; expiresAt: number }> {
  const claims = verifyFileToken(secret, token);
  if (!claims) throw new AppError('FORBIDDEN', MESSAGES.files.linkInvalid);
  if (!actor) throw new AppError('UNAUTHENTICATED', MESSAGES.generic.unauthenticated);
  if (claims.subject !== actor.id) throw new AppError('FORBIDDEN', MESSAGES.files.linkInvalid);

  const [file] = await db.select().from(storedFiles).where(eq(storedFiles.id, claims.fileId));
  if (!file) throw new AppError('NOT_FOUND', MESSAGES.files.notFound);
  const isAdmin = actor.roles.has('admin');

  if (file.bucket === 'song-audio' || file.bucket === 'song-images') {
    if (isAdmin) return { file, expiresAt: claims.expiresAt };
    if (!actor.roles.has('preview')) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
    const [song] = await db
      .select({ id: songs.id })
      .from(songs)
      .where(
        and(
          eq(songs.isActive, true),
          or(eq(songs.audioFileId, file.id), eq(songs.imageFileId, file.id), eq(songs.imageWebFileId, file.id)),
        ),
      )
      .limit(1);
    if (!song) throw new AppError('NOT_FOUND', MESSAGES.files.notFound);
    return { file, expiresAt: claims.expiresAt };
  }
  if (isAdmin || file.ownerId === actor.id) return { file, expiresAt: claims.expiresAt };
  throw new AppError('NOT_FOUND', MESSAGES.files.notFound);
}
