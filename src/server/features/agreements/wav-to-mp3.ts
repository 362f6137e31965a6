import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Mp3Encoder } from '@breezystack/lamejs';

/** The sample rates an MP3 can carry (MPEG-1, 2 and 2.5); a WAV at any other rate is not converted. */
const MP3_SAMPLE_RATES = new Set([8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000]);
const KBPS = 192;
/** Samples per channel encoded between yields to the event loop: about a second of audio. */
const SLICE = 1152 * 40;

const PCM = 1;
const IEEE_FLOAT = 3;
const EXTENSIBLE = 0xfffe;

interface WavFormat {
  format: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  data: Buffer;
}

/** The fmt and data chunks of a RIFF/WAVE file; undefined when the bytes are not one we can read. */
function readWav(wav: Buffer): WavFormat | undefined {
  if (wav.length < 12 || wav.toString('latin1', 0, 4) !== 'RIFF' || wav.toString('latin1', 8, 12) !== 'WAVE') return undefined;
  let fmt: Omit<WavFormat, 'data'> | undefined;
  for (let p = 12; p + 8 <= wav.length;) {
    const id = wav.toString('latin1', p, p + 4);
    const size = wav.readUInt32LE(p + 4);
    const body = p + 8;
    if (id === 'fmt ' && body + 16 <= wav.length) {
      let format = wav.readUInt16LE(body);
      // WAVE_FORMAT_EXTENSIBLE names the real format in the first two bytes of its sub-format GUID.
      if (format === EXTENSIBLE && size >= 40 && body + 26 <= wav.length) format = wav.readUInt16LE(body + 24);
      fmt = {
        format,
        channels: wav.readUInt16LE(body + 2),
        sampleRate: wav.readUInt32LE(body + 4),
        bitsPerSample: wav.readUInt16LE(body + 14),
      };
    } else if (id === 'data' && fmt) {
      // Recorders that stream write 0 or 0xffffffff as the size: the data then runs to the end of the file.
      const end = size === 0 || body + size > wav.length ? wav.length : body + size;
      return { ...fmt, data: wav.subarray(body, end) };
    }
    p = body + size + (size % 2);
  }
  return undefined;
}

/** One sample as a 16-bit integer, from the integer or float sample at `offset`. */
function sampleReader({ format, bitsPerSample }: WavFormat): ((data: Buffer, offset: number) => number) | undefined {
  const clamp = (v: number) => Math.max(-32768, Math.min(32767, Math.round(v * 32767)));
  if (format === PCM && bitsPerSample === 16) return (d, o) => d.readInt16LE(o);
  if (format === PCM && bitsPerSample === 8) return (d, o) => (d[o]! - 128) << 8;
  if (format === PCM && bitsPerSample === 24) return (d, o) => d.readIntLE(o, 3) >> 8;
  if (format === PCM && bitsPerSample === 32) return (d, o) => d.readInt32LE(o) >> 16;
  if (format === IEEE_FLOAT && bitsPerSample === 32) return (d, o) => clamp(d.readFloatLE(o));
  if (format === IEEE_FLOAT && bitsPerSample === 64) return (d, o) => clamp(d.readDoubleLE(o));
  return undefined;
}

/**
 * Encodes a WAV file (PCM of 8 to 32 bits or float, mono or stereo; more channels keep the first two) as a
 * 192 kbit/s MP3, in slices with the event loop let through between them. Undefined when the WAV is not one
 * an MP3 can be made of (another encoding, a sample rate MP3 lacks, no samples).
 */
export async function wavToMp3(wav: Buffer): Promise<Buffer | undefined> {
  const parsed = readWav(wav);
  if (!parsed || parsed.channels < 1 || !MP3_SAMPLE_RATES.has(parsed.sampleRate)) return undefined;
  const read = sampleReader(parsed);
  if (!read) return undefined;
  const bytesPerSample = parsed.bitsPerSample / 8;
  const frameBytes = bytesPerSample * parsed.channels;
  const frames = Math.floor(parsed.data.length / frameBytes);
  if (frames === 0) return undefined;
  const stereo = parsed.channels >= 2;
  const encoder = new Mp3Encoder(stereo ? 2 : 1, parsed.sampleRate, KBPS);
  const chunks: Uint8Array[] = [];
  const left = new Int16Array(SLICE);
  const right = new Int16Array(SLICE);
  for (let start = 0; start < frames; start += SLICE) {
    const count = Math.min(SLICE, frames - start);
    for (let i = 0; i < count; i++) {
      const offset = (start + i) * frameBytes;
      left[i] = read(parsed.data, offset);
      if (stereo) right[i] = read(parsed.data, offset + bytesPerSample);
    }
    const out = stereo
      ? encoder.encodeBuffer(left.subarray(0, count), right.subarray(0, count))
      : encoder.encodeBuffer(left.subarray(0, count));
    if (out.length > 0) chunks.push(new Uint8Array(out));
    await yieldToEventLoop();
  }
  const end = encoder.flush();
  if (end.length > 0) chunks.push(new Uint8Array(end));
  return Buffer.concat(chunks);
}
