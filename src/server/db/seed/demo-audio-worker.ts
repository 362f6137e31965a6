import { parentPort } from 'node:worker_threads';
import { synthesizeMp3, type SynthOptions } from './audio';

/** One thread of synthesizeMp3s (demo-audio.ts): synthesises each song it is sent and sends back its MP3. */
parentPort!.on('message', ({ index, options }: { index: number; options: SynthOptions }) => {
  parentPort!.postMessage({ index, mp3: new Uint8Array(synthesizeMp3(options)) });
});
