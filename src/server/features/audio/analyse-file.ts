import { WAVEFORM_MAX_PEAKS } from '../../../common/constants';
import { ANALYSERS, type Analyser, type MeasuredFacts } from './analysers';
import { AnalysisSignal, everySink } from './analysis-signal';
import { LoudnessMeter } from './loudness';
import { computeWavWaveform, computeWaveform, UndecodableAudioError, type Waveform } from './waveform';

/** What one analysis of a stored audio file found: its waveform (and length), and each analyser's facts. */
export interface FileAnalysis {
  waveform: Waveform;
  facts: MeasuredFacts;
}

/** The decoders by content type: MP3 (mpg123 in WebAssembly) and WAV (read as it is); nothing else decodes here. */
const DECODERS: Record<string, typeof computeWaveform> = {
  'audio/mpeg': computeWaveform,
  'audio/wav': computeWavWaveform,
};

export const ANALYSABLE_TYPES = Object.keys(DECODERS);

const baseType = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();

/** Whether a stored audio file's kind can be decoded here (an M4A cannot: its player shows a plain bar). */
export function canDrawWaveform(contentType: string): boolean {
  return baseType(contentType) in DECODERS;
}

/** An analyser that threw: the job fails with its name and its message. */
export class AnalyserFailedError extends Error {
  constructor(analyser: Analyser, cause: unknown) {
    super(`${analyser.name}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'AnalyserFailedError';
  }
}

/**
 * The analysis job's work: decodes the file once, for its waveform and the analysis signal, then runs every
 * analyser of `analysers` over that signal. Throws UndecodableAudioError for bytes that are not audio of the
 * kind, AnalyserFailedError when an analyser throws.
 */
export async function analyseAudioFile(
  contentType: string,
  source: AsyncIterable<Uint8Array>,
  analysers: readonly Analyser[] = ANALYSERS,
): Promise<FileAnalysis> {
  const decode = DECODERS[baseType(contentType)];
  if (!decode) throw new UndecodableAudioError(`no decoder for ${baseType(contentType)}`);
  const signal = new AnalysisSignal();
  // Loudness needs every sample at the file's own rate, so it is measured as the decoder hands them over.
  const loudness = new LoudnessMeter();
  const waveform = await decode(source, WAVEFORM_MAX_PEAKS, everySink(signal, loudness));
  let facts: MeasuredFacts = { loudness: loudness.result() };
  for (const analyser of analysers) {
    try {
      facts = { ...facts, ...(await analyser.analyse({ signal, durationSeconds: waveform.durationSeconds }, facts)) };
    } catch (error) {
      throw new AnalyserFailedError(analyser, error);
    }
  }
  return { waveform, facts };
}
