import { and, eq, isNotNull, isNull, TransactionRollbackError } from 'drizzle-orm';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import { songs, storedFiles } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import { insertFile, removeObjects } from '../files';
import { putSongThumbs, songImageCopies } from './song-media';

/**
 * Songs whose cover was stored before catalogue cards had thumbnails get them made from the original
 * picture, one song at a time, in the background after start-up; the card shows its placeholder meanwhile.
 * A picture that fails is logged and tried again at the next start. Several instances may run this at once:
 * the update only fills thumbnails still missing for the same cover, and a loser removes what it stored.
 */
export async function backfillSongThumbs({
  db,
  storage,
  logger,
  signal,
}: {
  db: Db;
  storage: Storage;
  logger: Logger;
  signal?: AbortSignal;
}) {
  const missing = await db
    .select({ id: songs.id, title: songs.title, imageFileId: storedFiles.id, bucket: storedFiles.bucket, key: storedFiles.key })
    .from(songs)
    .innerJoin(storedFiles, eq(storedFiles.id, songs.imageFileId))
    .where(and(isNull(songs.imageThumbFileId), isNotNull(songs.imageFileId)));
  let done = 0;
  for (const song of missing) {
    if (signal?.aborted) break;
    try {
      const { body } = await storage.get({ bucket: song.bucket, key: song.key });
      const copies = await songImageCopies(Buffer.concat(await body.toArray()));
      const stored = await putSongThumbs(storage, copies, null);
      const taken = await db
        .transaction(async (tx) => {
          const thumb = await insertFile(tx, stored.thumb);
          const thumb2x = await insertFile(tx, stored.thumb2x);
          const updated = await tx
            .update(songs)
            .set({ imageThumbFileId: thumb.id, imageThumb2xFileId: thumb2x.id })
            .where(and(eq(songs.id, song.id), eq(songs.imageFileId, song.imageFileId), isNull(songs.imageThumbFileId)))
            .returning({ id: songs.id });
          // The cover changed (or another instance was first): leave nothing behind.
          if (updated.length === 0) tx.rollback();
          return true;
        })
        .catch(async (error: unknown) => {
          await removeObjects(storage, [stored.thumb, stored.thumb2x]);
          if (error instanceof TransactionRollbackError) return false;
          throw error;
        });
      if (taken) done++;
    } catch (error) {
      logger.warn({ err: error, songId: song.id, title: song.title }, 'could not make the cover thumbnails of a song');
    }
  }
  if (missing.length > 0) logger.info({ made: done, missing: missing.length }, 'cover thumbnails made for songs stored without them');
  return { made: done, missing: missing.length };
}
