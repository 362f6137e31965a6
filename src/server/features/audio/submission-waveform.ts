import { WAVEFORM_MAX_PEAKS } from '../../../common/constants';
import type { PcmSink } from './analysis-signal';
import { computeWavWaveform, computeWaveform, UndecodableAudioError, type Waveform } from './waveform';

/**
 * The submitted kinds whose waveform the server can compute without ffmpeg: MP3 (mpg123 in WebAssembly) and
 * WAV (read as it is). M4A (AAC) has no decoder here (decision 0048): its player shows a plain bar.
 */
const DECODERS: Record<string, (source: AsyncIterable<Uint8Array>, maxPeaks: number, pcm?: PcmSink) => Promise<Waveform>> = {
  'audio/mpeg': computeWaveform,
  'audio/wav': computeWavWaveform,
};

const baseType = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();

/** Whether a stored audio file's kind can have a waveform here. */
export function canDrawWaveform(contentType: string): boolean {
  return baseType(contentType) in DECODERS;
}

/**
 * A submission's waveform, or null when its kind has no decoder here or its audio does not decode (the
 * submission is kept all the same: the reviewer listens on a plain bar). The decoded samples also go to `pcm`.
 */
export async function submissionWaveform(contentType: string, source: AsyncIterable<Uint8Array>, pcm?: PcmSink): Promise<Waveform | null> {
  const decode = DECODERS[baseType(contentType)];
  if (!decode) return null;
  try {
    return await decode(source, WAVEFORM_MAX_PEAKS, pcm);
  } catch (error) {
    if (error instanceof UndecodableAudioError) return null;
    throw error;
  }
}
