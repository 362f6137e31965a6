import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import { songs, storedFiles } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import { computeWaveform } from './waveform';

/**
 * Songs stored before waveforms existed (or by an instance that stopped midway) get theirs computed
 * once, one at a time, in the background after start-up. A song whose audio fails to decode is logged and
 * left without peaks (the player draws a flat bar); it is tried again at the next start. Several instances
 * may run this at once: the update only fills peaks that are still missing, for the same audio file.
 */
export async function backfillWaveforms({
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
    .select({ id: songs.id, title: songs.title, fileId: storedFiles.id, bucket: storedFiles.bucket, key: storedFiles.key })
    .from(songs)
    .innerJoin(storedFiles, eq(storedFiles.id, songs.audioFileId))
    .where(and(isNull(songs.audioPeaks), isNotNull(songs.audioFileId)));
  let done = 0;
  for (const song of missing) {
    if (signal?.aborted) break;
    try {
      const { body } = await storage.get({ bucket: song.bucket, key: song.key });
      const waveform = await computeWaveform(body);
      await db
        .update(songs)
        .set({ audioPeaks: waveform.peaks, audioDurationSeconds: waveform.durationSeconds })
        .where(and(eq(songs.id, song.id), eq(songs.audioFileId, song.fileId), isNull(songs.audioPeaks)));
      done++;
    } catch (error) {
      logger.warn({ err: error, songId: song.id, title: song.title }, 'could not compute the waveform of a song');
    }
  }
  if (missing.length > 0) logger.info({ computed: done, missing: missing.length }, 'waveforms computed for songs stored without one');
  return { computed: done, missing: missing.length };
}
