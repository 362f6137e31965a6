import { parentPort } from 'node:worker_threads';
import { renderDemoMp3, type DemoAudioJob } from './demo-audio';

/** One thread of renderDemoAudio (demo-audio.ts): renders each song it is sent and sends back its MP3. */
parentPort!.on('message', ({ index, job }: { index: number; job: DemoAudioJob }) => {
  parentPort!.postMessage({ index, mp3: new Uint8Array(renderDemoMp3(job)) });
});
