import type { MusicalKey } from '../../../common/musical-keys';
import type { AnalysisSignal } from './analysis-signal';
import { estimateKey } from './key';
import { estimateTempo } from './tempo';

/** What detection found in a file: each null when it found nothing it could stand by. */
export interface AudioAnalysis {
  /** Whole beats per minute, as the song form takes them. */
  bpm: number | null;
  key: MusicalKey | null;
}

export const NOTHING_DETECTED: AudioAnalysis = { bpm: null, key: null };

/**
 * A 3-minute song takes a few hundred milliseconds; past this something is wrong (a starved machine), and the
 * analysis job's try fails (and is tried again).
 */
export const ANALYSIS_TIME_LIMIT_MS = 10_000;

export class AnalysisTimedOutError extends Error {
  constructor() {
    super('audio analysis ran out of time');
    this.name = 'AnalysisTimedOutError';
  }
}

/**
 * Estimates the tempo and key of the audio collected in `signal`. Runs in slices that let other requests
 * through, and gives up after `timeLimitMs`, throwing AnalysisTimedOutError; callers store nothing then.
 */
export async function analyseAudio(
  signal: AnalysisSignal,
  { timeLimitMs = ANALYSIS_TIME_LIMIT_MS }: { timeLimitMs?: number } = {},
): Promise<AudioAnalysis> {
  if (signal.length === 0) return NOTHING_DETECTED;
  const samples = signal.samples();
  const deadline = AbortSignal.timeout(timeLimitMs);
  try {
    const bpm = await estimateTempo(samples, signal.sampleRate, deadline);
    const key = await estimateKey(samples, signal.sampleRate, deadline);
    return { bpm: bpm === null ? null : Math.round(bpm), key };
  } catch (error) {
    if (deadline.aborted) throw new AnalysisTimedOutError();
    throw error;
  }
}
