import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import type { Storage } from '../../adapters/storage/storage';
import type { Config } from '../../config';
import { findUserIdByEmail } from '../../features/accounts/accounts.service';
import { insertFile, removeObjects } from '../../features/files/files.service';
import { putSongAudio } from '../../features/songs/song-media';
import type { Logger } from '../../lib/logger';
import { uploadedFromBuffer } from '../../lib/multipart';
import type { Db } from '../client';
import { songs } from '../schema';
import { DEMO_SONGS, type DemoSong } from './demo-catalogue';
import { DEMO_ACCOUNTS } from './seed';
import { renderDemoAudio, SHORT_DEMO_SECONDS, type DemoAudioJob } from './demo-audio';

/** A demo song's slug, as makeSong derives it from the title. */
export const demoSlug = (song: Pick<DemoSong, 'title'>) =>
  song.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** What renders a demo song's audio under this config. */
export const demoAudioJob = (song: DemoSong, mode: Config['demoAudio']): DemoAudioJob => ({
  song: { bpm: song.bpm, musicalKey: song.musicalKey, arrangement: song.arrangement },
  ...(mode === 'short' ? { maxSeconds: SHORT_DEMO_SECONDS } : {}),
});

export interface DemoAudioDeps {
  db: Db;
  storage: Storage;
  config: Pick<Config, 'dataDir' | 'demoAudio' | 'admin'>;
  logger: Logger;
  signal?: AbortSignal;
}

/**
 * In the background after a start: the demo songs still waiting for their audio (seeded with media_pending, or
 * left so by a start stopped midway) get it, each stored as soon as it is rendered, while the site serves them as
 * "Processing". Renders are kept in the data folder (demo-audio/), so a later start only stores them. Another
 * instance doing the same at once costs only work: the song row decides which copy is kept.
 */
export async function storeDemoAudio({ db, storage, config, logger, signal }: DemoAudioDeps): Promise<{ stored: number }> {
  const waiting = await db
    .select({ id: songs.id, slug: songs.slug })
    .from(songs)
    .where(and(eq(songs.mediaPending, true), isNull(songs.audioFileId), isNull(songs.pitchAgreementId)));
  const demo = waiting.flatMap((row) => {
    const song = DEMO_SONGS.find((s) => demoSlug(s) === row.slug);
    return song ? [{ id: row.id, song }] : [];
  });
  if (demo.length === 0) return { stored: 0 };
  const ownerId = await findUserIdByEmail(db, config.admin?.email ?? DEMO_ACCOUNTS.admin.email);
  const started = performance.now();
  const made = renderDemoAudio(
    demo.map(({ song }) => demoAudioJob(song, config.demoAudio)),
    { cacheDir: path.join(config.dataDir, 'demo-audio'), signal },
  );
  let stored = 0;
  for (const [index, { id, song }] of demo.entries()) {
    if (signal?.aborted) break;
    const mp3 = await made[index]!;
    const audio = await putSongAudio(storage, uploadedFromBuffer(mp3, `${demoSlug(song)}.mp3`), ownerId ?? null);
    const used = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(songs).where(eq(songs.id, id)).for('update');
      if (!current?.mediaPending || current.audioFileId !== null) return false;
      const file = await insertFile(tx, audio.file);
      await tx
        .update(songs)
        .set({
          audioFileId: file.id,
          audioPeaks: audio.waveform.peaks,
          audioDurationSeconds: audio.waveform.durationSeconds,
          mediaPending: false,
        })
        .where(eq(songs.id, id));
      return true;
    });
    if (!used) await removeObjects(storage, [audio.file]);
    else stored++;
    logger.info(
      { song: song.title, seconds: Math.round(audio.waveform.durationSeconds), afterMs: Math.round(performance.now() - started) },
      'demo song audio stored',
    );
  }
  return { stored };
}
