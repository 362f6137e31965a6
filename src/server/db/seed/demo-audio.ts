import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { encodeMp3 } from './audio';
import type { SongToRender } from './arrangement';
import type { DemoSong } from './demo-catalogue';
import { RENDER_SAMPLE_RATE, RENDERER_VERSION, renderArrangement } from './render-arrangement';

/** One demo song to render: the whole arrangement, or only its first `maxSeconds` (a short clip). */
export interface DemoAudioJob {
  song: SongToRender;
  maxSeconds?: number;
}

/** Whole songs (DEMO_AUDIO=full), or the short clips seeded by default. */
export type DemoAudioLength = 'full' | 'short';

/** Seconds of each song a short clip holds: enough to play and seek, quick enough for every start and test. */
export const SHORT_DEMO_SECONDS = 12;

/** What renders a demo song's audio at this length. */
export const demoAudioJob = (song: DemoSong, length: DemoAudioLength): DemoAudioJob => ({
  song: { bpm: song.bpm, musicalKey: song.musicalKey, arrangement: song.arrangement },
  ...(length === 'short' ? { maxSeconds: SHORT_DEMO_SECONDS } : {}),
});
const KBPS = 64;

/** Renders one job to MP3: what a worker thread runs, and a test's reference. */
export function renderDemoMp3({ song, maxSeconds }: DemoAudioJob): Buffer {
  return encodeMp3(renderArrangement(song, { maxSeconds }), RENDER_SAMPLE_RATE, KBPS);
}

/** The name a rendered song is kept under: anything that changes its bytes changes the name. */
export function demoAudioCacheKey(job: DemoAudioJob): string {
  const what = JSON.stringify({ renderer: RENDERER_VERSION, sampleRate: RENDER_SAMPLE_RATE, kbps: KBPS, ...job });
  return createHash('sha256').update(what).digest('hex').slice(0, 32);
}

/**
 * The MP3 of each job, as a promise that settles as soon as that song is ready, so the caller can store it while
 * the others render. A song rendered before (in `cacheDir`, the data folder's demo-audio/) is read back, not
 * rendered again; the rest are rendered in worker threads, one per core (MP3 encoding in JavaScript is most of
 * the work, and the songs are independent), and kept in `cacheDir` as each finishes. Aborting `signal` stops the
 * workers: the songs not yet made reject.
 */
export function renderDemoAudio(
  jobs: DemoAudioJob[],
  { cacheDir, signal }: { cacheDir?: string; signal?: AbortSignal } = {},
): Promise<Buffer>[] {
  const settle = jobs.map(() => {
    let resolve!: (mp3: Buffer) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<Buffer>((res, rej) => ((resolve = res), (reject = rej)));
    // A failed worker rejects every song; callers await them one by one, so none may go unhandled meanwhile.
    promise.catch(() => {});
    return { promise, resolve, reject };
  });
  const cached = (index: number) => (cacheDir ? path.join(cacheDir, `${demoAudioCacheKey(jobs[index]!)}.mp3`) : undefined);
  const queue: { index: number; job: DemoAudioJob }[] = [];
  jobs.forEach((job, index) => {
    const file = cached(index);
    try {
      if (file) return settle[index]!.resolve(readFileSync(file));
    } catch {
      // Not rendered yet.
    }
    queue.push({ index, job });
  });
  if (cacheDir && queue.length > 0) mkdirSync(cacheDir, { recursive: true });

  const threads = Math.max(0, Math.min(availableParallelism(), queue.length));
  const workers: Worker[] = [];
  const stop = () => {
    for (const worker of workers) void worker.terminate();
    for (const { index } of queue.splice(0)) settle[index]!.reject(new Error('demo audio rendering stopped'));
  };
  if (signal?.aborted) stop();
  else signal?.addEventListener('abort', stop, { once: true });

  for (let i = 0; i < threads && queue.length > 0; i++) {
    const worker = startWorker();
    workers.push(worker);
    let current: number | undefined;
    const next = () => {
      const item = queue.shift();
      current = item?.index;
      if (item) worker.postMessage(item);
      else void worker.terminate();
    };
    worker.on('message', ({ index, mp3 }: { index: number; mp3: Uint8Array }) => {
      const bytes = Buffer.from(mp3.buffer, mp3.byteOffset, mp3.byteLength);
      const file = cached(index);
      // Written whole, then renamed: a start stopped midway leaves no half song for the next one to read.
      if (file) {
        writeFileSync(`${file}.partial`, bytes);
        renameSync(`${file}.partial`, file);
      }
      settle[index]!.resolve(bytes);
      next();
    });
    worker.on('error', (error) => {
      if (current !== undefined) settle[current]!.reject(error);
      stop();
    });
    worker.on('exit', () => {
      if (current !== undefined) settle[current]!.reject(new Error('demo audio rendering stopped'));
    });
    next();
  }
  return settle.map((s) => s.promise);
}

/**
 * The worker runs from the sources, as this module does (the seed script and the tests run through tsx), loaded
 * through tsx's loader registered in the new thread first (Node 20 does not take `--import` for a worker).
 */
function startWorker(): Worker {
  const source = new URL('./demo-audio-worker.ts', import.meta.url).href;
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`, {
    eval: true,
  });
}
