import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { MPEGDecoder, type MPEGDecodedAudio } from 'mpg123-decoder';
import { WAVEFORM_MAX_PEAKS } from '../../../common/constants';
import type { PcmSink } from './analysis-signal';

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
 * UndecodableAudioError when the bytes are not a decodable song. The decoded samples also go to `pcm`, when
 * given, so tempo and key are read from the same decoding.
 */
export async function computeWaveform(source: AsyncIterable<Uint8Array>, maxPeaks = WAVEFORM_MAX_PEAKS, pcm?: PcmSink): Promise<Waveform> {
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
          pcm?.add(decoded.channelData, decoded.samplesDecoded, decoded.sampleRate);
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

const WAVE_PCM = 1;
const WAVE_FLOAT = 3;
const WAVE_EXTENSIBLE = 0xfffe;
/** A fmt chunk larger than this is not a real one. */
const MAX_FMT_BYTES = 1024;
/** Frames turned into peaks between turns of the event loop: about a second at 48 kHz. */
const WAV_SLICE_FRAMES = 48_000;

/** Reads an async byte source in exact amounts, for the chunk headers of a RIFF file. */
class ByteReader {
  private pending: Buffer = Buffer.alloc(0);
  private readonly iterator: AsyncIterator<Uint8Array>;
  private done = false;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  private async fill(): Promise<boolean> {
    if (this.done) return false;
    const next = await this.iterator.next();
    if (next.done) {
      this.done = true;
      return false;
    }
    const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    return true;
  }

  /** Exactly `n` bytes, or fewer at the end of the source. */
  async read(n: number): Promise<Buffer> {
    while (this.pending.length < n && (await this.fill()));
    const out = this.pending.subarray(0, n);
    this.pending = this.pending.subarray(out.length);
    return out;
  }

  async skip(n: number): Promise<void> {
    let left = n;
    while (left > 0) {
      if (this.pending.length === 0 && !(await this.fill())) return;
      const taken = Math.min(left, this.pending.length);
      this.pending = this.pending.subarray(taken);
      left -= taken;
    }
  }

  /** What is left, as it arrives. */
  async *rest(): AsyncGenerator<Buffer> {
    if (this.pending.length > 0) yield this.pending;
    this.pending = Buffer.alloc(0);
    while (await this.fill()) {
      yield this.pending;
      this.pending = Buffer.alloc(0);
    }
  }
}

/** A sample as -1..1, from the integer or float sample at `offset`; undefined for an encoding we cannot read. */
function wavSampleReader(format: number, bits: number): ((data: Buffer, offset: number) => number) | undefined {
  if (format === WAVE_PCM && bits === 8) return (d, o) => (d[o]! - 128) / 128;
  if (format === WAVE_PCM && bits === 16) return (d, o) => d.readInt16LE(o) / 32_768;
  if (format === WAVE_PCM && bits === 24) return (d, o) => d.readIntLE(o, 3) / 8_388_608;
  if (format === WAVE_PCM && bits === 32) return (d, o) => d.readInt32LE(o) / 2_147_483_648;
  if (format === WAVE_FLOAT && bits === 32) return (d, o) => d.readFloatLE(o);
  if (format === WAVE_FLOAT && bits === 64) return (d, o) => d.readDoubleLE(o);
  return undefined;
}

/**
 * The waveform of a WAV stream (PCM of 8 to 32 bits or float; the first two channels), read in pieces so
 * memory stays flat for the largest submission. Throws UndecodableAudioError for a WAV we cannot read. The
 * samples also go to `pcm`, when given, as the MP3 path's do.
 */
export async function computeWavWaveform(
  source: AsyncIterable<Uint8Array>,
  maxPeaks = WAVEFORM_MAX_PEAKS,
  pcm?: PcmSink,
): Promise<Waveform> {
  const reader = new ByteReader(source);
  const riff = await reader.read(12);
  if (riff.length < 12 || riff.toString('latin1', 0, 4) !== 'RIFF' || riff.toString('latin1', 8, 12) !== 'WAVE')
    throw new UndecodableAudioError('not a RIFF/WAVE file');
  let fmt: { format: number; channels: number; sampleRate: number; bits: number } | undefined;
  let dataBytes: number;
  for (;;) {
    const head = await reader.read(8);
    if (head.length < 8) throw new UndecodableAudioError('no data chunk');
    const id = head.toString('latin1', 0, 4);
    const size = head.readUInt32LE(4);
    if (id === 'fmt ') {
      if (size < 16 || size > MAX_FMT_BYTES) throw new UndecodableAudioError('malformed fmt chunk');
      const body = await reader.read(size + (size % 2));
      if (body.length < 16) throw new UndecodableAudioError('malformed fmt chunk');
      let format = body.readUInt16LE(0);
      // WAVE_FORMAT_EXTENSIBLE names the real format in the first two bytes of its sub-format GUID.
      if (format === WAVE_EXTENSIBLE && body.length >= 26) format = body.readUInt16LE(24);
      fmt = { format, channels: body.readUInt16LE(2), sampleRate: body.readUInt32LE(4), bits: body.readUInt16LE(14) };
    } else if (id === 'data') {
      // Recorders that stream write 0 or 0xffffffff as the size: the data then runs to the end of the file.
      dataBytes = size === 0 || size === 0xffffffff ? Infinity : size;
      break;
    } else {
      await reader.skip(size + (size % 2));
    }
  }
  if (!fmt || fmt.channels < 1 || fmt.sampleRate < 1) throw new UndecodableAudioError('no usable fmt chunk');
  const read = wavSampleReader(fmt.format, fmt.bits);
  if (!read) throw new UndecodableAudioError(`unsupported encoding ${fmt.format}/${fmt.bits}`);
  const bytesPerSample = fmt.bits / 8;
  const frameBytes = bytesPerSample * fmt.channels;
  const stereo = fmt.channels >= 2;

  const blocks = new BlockPeaks();
  const left = new Float32Array(WAV_SLICE_FRAMES);
  const right = new Float32Array(WAV_SLICE_FRAMES);
  let frames = 0;
  let carry: Buffer = Buffer.alloc(0);
  let remaining = dataBytes;
  for await (const piece of reader.rest()) {
    if (remaining <= 0) break;
    const taken = piece.subarray(0, Math.min(piece.length, remaining));
    remaining -= taken.length;
    const bytes = carry.length > 0 ? Buffer.concat([carry, taken]) : taken;
    const whole = Math.floor(bytes.length / frameBytes);
    for (let start = 0; start < whole; start += WAV_SLICE_FRAMES) {
      const count = Math.min(WAV_SLICE_FRAMES, whole - start);
      for (let i = 0; i < count; i++) {
        const offset = (start + i) * frameBytes;
        left[i] = read(bytes, offset);
        if (stereo) right[i] = read(bytes, offset + bytesPerSample);
      }
      // A mono file goes on as one channel: the loudness meter counts its channels (BS.1770 weighs each).
      const channels = stereo ? [left, right] : [left];
      blocks.add(channels, count);
      pcm?.add(channels, count, fmt.sampleRate);
      frames += count;
      await yieldToEventLoop();
    }
    carry = Buffer.from(bytes.subarray(whole * frameBytes));
  }
  const seconds = frames / fmt.sampleRate;
  if (seconds < MIN_SECONDS) throw new UndecodableAudioError(`${seconds.toFixed(2)} s of audio`);
  return { peaks: blocks.toPeaks(maxPeaks), durationSeconds: Math.round(seconds * 1000) / 1000 };
}
