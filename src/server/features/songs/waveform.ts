import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { MPEGDecoder, type MPEGDecodedAudio } from 'mpg123-decoder';
import { WAVEFORM_MAX_PEAKS } from '../../../common/constants';

/** A song's waveform as stored with it: peaks of 0-255 (the loudest is 255) and its length. */
export interface Waveform {
  peaks: number[];
  durationSeconds: number;
}

/** The bytes sniffed as MP3 but do not decode as one: not a song. */
export class UndecodableAudioError extends Error {
  constructor(reason: string) {
    super(`undecodable audio: ${reason}`);
    this.name = 'UndecodableAudioError';
  }
}

/** Fed to the decoder at most this much at a time, so decoded samples in memory stay small (~1.5 s). */
const PIECE_BYTES = 16 * 1024;
/** Samples per fine block; blocks are merged into the final peaks once the length is known. */
const BLOCK_SAMPLES = 256;
/** Shorter than this, whatever decoded is a stray frame header in other data. */
const MIN_SECONDS = 0.5;
/** mpg123 resyncs over damage: a real song has a few errors at most, random bytes about one per frame. */
const ERROR_ALLOWANCE = 8;
const ERROR_RATE = 0.05;
/** Below this the audio is silence (dither): it is not scaled up into a waveform. */
const SILENCE = 1e-4;

/** Per-block maxima, in a buffer that doubles: about 2 MB for the longest allowed upload. */
class BlockPeaks {
  private values = new Float32Array(4096);
  length = 0;
  private current = 0;
  private filled = 0;

  /** MP3 has one or two channels; a block's peak is the louder of the two. */
  add(channels: Float32Array[], count: number) {
    const left = channels[0]!;
    const right = channels[1] ?? left;
    let current = this.current;
    let filled = this.filled;
    for (let i = 0; i < count; i++) {
      const l = Math.abs(left[i]!);
      const r = Math.abs(right[i]!);
      const value = l > r ? l : r;
      if (value > current) current = value;
      if (++filled === BLOCK_SAMPLES) {
        this.push(current);
        current = 0;
        filled = 0;
      }
    }
    this.current = current;
    this.filled = filled;
  }

  private push(value: number) {
    if (this.length === this.values.length) {
      const grown = new Float32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }

  /** Keeps the last, partial block. */
  close() {
    if (this.filled === 0) return;
    this.push(this.current);
    this.current = 0;
    this.filled = 0;
  }

  /** Merges the blocks into at most `max` buckets (the largest block of each), scaled to 0-255. */
  toPeaks(max: number): number[] {
    this.close();
    const count = Math.min(max, this.length);
    const buckets = new Array<number>(count).fill(0);
    let loudest = 0;
    for (let b = 0; b < count; b++) {
      const end = Math.floor(((b + 1) * this.length) / count);
      for (let i = Math.floor((b * this.length) / count); i < end; i++) buckets[b] = Math.max(buckets[b]!, this.values[i]!);
      loudest = Math.max(loudest, buckets[b]!);
    }
    if (loudest < SILENCE) return buckets.map(() => 0);
    return buckets.map((v) => Math.round((v / loudest) * 255));
  }
}

/**
 * Decodes an MP3 stream in small pieces (memory stays flat for a 50 MB file) and returns at most
 * `maxPeaks` peaks and the duration. Pure WebAssembly: no ffmpeg on the machine. Throws
 * UndecodableAudioError when the bytes are not a decodable song.
 */
export async function computeWaveform(source: AsyncIterable<Uint8Array>, maxPeaks = WAVEFORM_MAX_PEAKS): Promise<Waveform> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  const blocks = new BlockPeaks();
  let seconds = 0;
  let samples = 0;
  let errors = 0;
  try {
    for await (const chunk of source) {
      for (let offset = 0; offset < chunk.length; offset += PIECE_BYTES) {
        const decoded = quietly(() => decoder.decode(chunk.subarray(offset, offset + PIECE_BYTES)));
        if (decoded.samplesDecoded > 0) {
          blocks.add(decoded.channelData, decoded.samplesDecoded);
          seconds += decoded.samplesDecoded / decoded.sampleRate;
          samples += decoded.samplesDecoded;
        }
        errors += decoded.errors.length;
        // Frames are 1152 samples (576 below 32 kHz); 1152 undercounts them, erring towards refusing junk early.
        if (errors > ERROR_ALLOWANCE + (samples / 1152) * ERROR_RATE) throw new UndecodableAudioError(`${errors} decoding errors`);
        // Decoding is synchronous: let other requests through between pieces.
        await yieldToEventLoop();
      }
    }
  } finally {
    decoder.free();
  }
  if (seconds < MIN_SECONDS) throw new UndecodableAudioError(`${seconds.toFixed(2)} s of audio`);
  return { peaks: blocks.toPeaks(maxPeaks), durationSeconds: Math.round(seconds * 1000) / 1000 };
}

/**
 * mpg123-decoder console.error()s every error it also returns; a junk upload would flood the log. Its
 * decode() is synchronous, so nothing else can log while console.error is swapped out.
 */
function quietly(decode: () => MPEGDecodedAudio): MPEGDecodedAudio {
  const original = console.error;
  console.error = () => {};
  try {
    return decode();
  } finally {
    console.error = original;
  }
}
