import { wavToMp3 } from './wav-to-mp3';

/**
 * One job of the WAV encoding pool (agreement-song.ts), run in a worker thread: the MP3 of a submitted WAV,
 * or undefined when none can be made of it.
 */
export default async function encodeWav(wav: Uint8Array): Promise<Uint8Array | undefined> {
  const mp3 = await wavToMp3(Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength));
  return mp3 && new Uint8Array(mp3.buffer, mp3.byteOffset, mp3.byteLength);
}
