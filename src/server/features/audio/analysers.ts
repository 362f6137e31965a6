import type { MusicalKey } from '../../../common/musical-keys';
import type { SongSections } from '../../../common/responses/audio-analysis';
import type { LoudnessFacts } from '../../../common/schemas/loudness';
import { analyseAudio } from './analyse-audio';
import { analyseSections } from './sections';
import type { AnalysisSignal } from './analysis-signal';
import { SOUND_PROFILE_VERSION, soundProfile } from './sound-profile';

/** What an analyser reads: the file decoded once, as the mono analysis signal (analysis-signal.ts). */
export interface DecodedAudio {
  signal: AnalysisSignal;
  /** The whole decoded length, which the signal may stop short of (ANALYSIS_MAX_SECONDS). */
  durationSeconds: number;
}

/** Every fact the analysers measure; each analyser fills its own names. */
export interface MeasuredFacts {
  /** Whole beats per minute; null when no steady tempo was found. */
  bpm?: number | null;
  key?: MusicalKey | null;
  /** Measured on the full-rate decoding as it streams by (analyse-file.ts), not by an analyser of the signal. */
  loudness?: LoudnessFacts;
  /** The energy curve, the sections and where the first chorus and the intro's end fall. */
  sections?: SongSections;
  /** The sound profile (sound-profile.ts) and the version of its features. */
  soundProfile?: { version: number; values: number[] };
}

/** One measurement over decoded audio: a pure function, run in the analysis job's worker thread. */
export interface Analyser {
  /** Named in the job's failure reason when it throws. */
  name: string;
  /** `found`: what the analysers before it measured (the sections reuse the tempo). */
  analyse(audio: DecodedAudio, found: MeasuredFacts): Promise<MeasuredFacts>;
}

/**
 * The analysers an analysis job runs, in order, over one decoding of the file. A new measured fact is one line
 * here (and its name in MeasuredFacts): the job keeps every fact on its row (`analysis_jobs.result`), and
 * recordAnalysis (analysis-jobs.ts) copies to the file's columns those the pages read.
 */
export const ANALYSERS: readonly Analyser[] = [
  { name: 'tempo and key', analyse: ({ signal }) => analyseAudio(signal) },
  {
    name: 'sections',
    analyse: async ({ signal }, { bpm }) => ({ sections: await analyseSections(signal.samples(), signal.sampleRate, { bpm }) }),
  },
  {
    name: 'sound profile',
    analyse: async ({ signal }, found) => ({
      soundProfile: { version: SOUND_PROFILE_VERSION, values: await soundProfile(signal.samples(), signal.sampleRate, found) },
    }),
  },
];
