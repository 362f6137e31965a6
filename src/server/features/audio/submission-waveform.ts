import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import { storedFiles } from '../../db/schema';
import { WAVEFORM_MAX_PEAKS } from '../../../common/constants';
import type { Logger } from '../../lib/logger';
import type { PcmSink } from './analysis-signal';
import { computeWavWaveform, computeWaveform, UndecodableAudioError, type Waveform } from './waveform';

/**
 * The submitted kinds whose waveform the server can compute without ffmpeg: MP3 (mpg123 in WebAssembly) and
 * WAV (read as it is). M4A (AAC) has no decoder here (decision 0048): its player shows a plain bar.
 */
const DECODERS: Record<string, (source: AsyncIterable<Uint8Array>, maxPeaks: number, pcm?: PcmSink) => Promise<Waveform>> = {
  'audio/mpeg': computeWaveform,
  'audio/wav': computeWavWaveform,
};
const DECODABLE_TYPES = Object.keys(DECODERS);

const baseType = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();

/** Whether a stored audio file's kind can have a waveform here. */
export function canDrawWaveform(contentType: string): boolean {
  return baseType(contentType) in DECODERS;
}

/**
 * A submission's waveform, or null when its kind has no decoder here or its audio does not decode (the
 * submission is kept all the same: the reviewer listens on a plain bar). The decoded samples also go to `pcm`.
 */
export async function submissionWaveform(contentType: string, source: AsyncIterable<Uint8Array>, pcm?: PcmSink): Promise<Waveform | null> {
  const decode = DECODERS[baseType(contentType)];
  if (!decode) return null;
  try {
    return await decode(source, WAVEFORM_MAX_PEAKS, pcm);
  } catch (error) {
    if (error instanceof UndecodableAudioError) return null;
    throw error;
  }
}

/**
 * Submissions stored before their waveforms were computed get them once, one at a time, in the background
 * after start-up, as the catalogue's songs do (waveform-backfill.ts). Audio that does not decode is left
 * without peaks and tried again at the next start.
 */
export async function backfillSubmissionWaveforms({
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
    .select({ id: storedFiles.id, bucket: storedFiles.bucket, key: storedFiles.key, contentType: storedFiles.contentType })
    .from(storedFiles)
    .where(
      and(eq(storedFiles.bucket, 'song-submissions'), inArray(storedFiles.contentType, DECODABLE_TYPES), isNull(storedFiles.audioPeaks)),
    );
  let done = 0;
  for (const file of missing) {
    if (signal?.aborted) break;
    try {
      const { body } = await storage.get({ bucket: file.bucket, key: file.key });
      const waveform = await submissionWaveform(file.contentType, body);
      if (!waveform) {
        logger.warn({ fileId: file.id }, 'the audio of a submission does not decode: no waveform');
        continue;
      }
      await db
        .update(storedFiles)
        .set({ audioPeaks: waveform.peaks, audioDurationSeconds: waveform.durationSeconds })
        .where(and(eq(storedFiles.id, file.id), isNull(storedFiles.audioPeaks)));
      done++;
    } catch (error) {
      logger.warn({ err: error, fileId: file.id }, 'could not compute the waveform of a submission');
    }
  }
  if (missing.length > 0) logger.info({ computed: done, missing: missing.length }, 'waveforms computed for submissions stored without one');
  return { computed: done, missing: missing.length };
}
