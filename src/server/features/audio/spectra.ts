import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import FFT from 'fft.js';

/** Spectra computed between turns of the event loop: a few milliseconds of work, so other requests go on. */
const FRAMES_PER_TURN = 64;

/** The smallest power of two at least `n`. */
export const powerOfTwoAtLeast = (n: number) => 2 ** Math.ceil(Math.log2(Math.max(2, n)));

/**
 * Calls `visit` with the magnitude spectrum (bins 0 … size/2) of each Hann-windowed frame of `size` samples,
 * `hop` apart, from the first whole frame to the last. The array is reused between calls. Yields to the event
 * loop every few frames and stops with the signal's reason once it is aborted (the analysis's time limit).
 */
export async function forEachSpectrum(
  samples: Float32Array,
  size: number,
  hop: number,
  signal: AbortSignal | undefined,
  visit: (magnitudes: Float32Array, frame: number) => void,
): Promise<number> {
  const fft = new FFT(size);
  const window = new Float32Array(size);
  for (let i = 0; i < size; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size);
  const input = new Float64Array(size);
  const output = new Float64Array(2 * size);
  const magnitudes = new Float32Array(size / 2 + 1);
  let frame = 0;
  for (let start = 0; start + size <= samples.length; start += hop, frame++) {
    for (let i = 0; i < size; i++) input[i] = samples[start + i]! * window[i]!;
    // realTransform fills the first half of the spectrum, which is all a real signal needs.
    fft.realTransform(output, input);
    for (let k = 0; k <= size / 2; k++) {
      const re = output[2 * k]!;
      const im = output[2 * k + 1]!;
      magnitudes[k] = Math.sqrt(re * re + im * im);
    }
    visit(magnitudes, frame);
    if (frame % FRAMES_PER_TURN === FRAMES_PER_TURN - 1) {
      await yieldToEventLoop();
      signal?.throwIfAborted();
    }
  }
  return frame;
}
