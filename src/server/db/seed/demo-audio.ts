import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SynthOptions } from './audio';

/**
 * Synthesises several MP3s at once, one thread per core. Encoding MP3 in JavaScript is most of what a first
 * start spends seeding the demo catalogue (7.4 s for its eight songs on one core here), and the songs are
 * independent. Each song's promise settles as soon as its own MP3 is ready, so the caller can store it while
 * the others are still being made.
 */
export function synthesizeMp3s(songs: SynthOptions[]): Promise<Buffer>[] {
  const settle = songs.map(() => {
    let resolve!: (mp3: Buffer) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<Buffer>((res, rej) => ((resolve = res), (reject = rej)));
    // A failed worker rejects every song; the seed awaits them one by one, so none may go unhandled meanwhile.
    promise.catch(() => {});
    return { promise, resolve, reject };
  });
  const queue = songs.map((options, index) => ({ index, options }));
  const threads = Math.max(1, Math.min(availableParallelism(), songs.length));
  for (let i = 0; i < threads; i++) {
    const worker = startWorker();
    const next = () => {
      const job = queue.shift();
      if (job) worker.postMessage(job);
      else void worker.terminate();
    };
    worker.on('message', ({ index, mp3 }: { index: number; mp3: Uint8Array }) => {
      settle[index]!.resolve(Buffer.from(mp3.buffer, mp3.byteOffset, mp3.byteLength));
      next();
    });
    worker.on('error', (error) => settle.forEach((s) => s.reject(error)));
    next();
  }
  return settle.map((s) => s.promise);
}

/**
 * The worker's module sits beside this one: as JavaScript in the server bundle, which builds it as an entry
 * of its own; as TypeScript when run from the sources (development, tests), loaded through tsx's loader,
 * registered in the new thread first (Node 20 does not take `--import` for a worker).
 */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./demo-audio-worker.js', import.meta.url));
  const source = new URL('./demo-audio-worker.ts', import.meta.url).href;
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`, {
    eval: true,
  });
}
