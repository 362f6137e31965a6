/** What the API answers about tempo and key detected in uploaded audio (decision 0052). */
import { z } from 'zod';
import { ANALYSIS_JOB_STATES } from '../constants';
import { MUSICAL_KEYS } from '../musical-keys';
import { timestamp } from './common';

/** Tempo (whole BPM) and key read from a file's audio; each null when none was found or it was not analysed. */
export const DetectedAudioSchema = z.object({ bpm: z.number().int().nullable(), key: z.enum(MUSICAL_KEYS).nullable() });
export type DetectedAudio = z.output<typeof DetectedAudioSchema>;

/**
 * Where a file's analysis stands (the analysis pipeline): queued, running, done or failed (with the reason the
 * admin reads); `none` for a kind that is not analysed.
 */
export const AnalysisStateSchema = z.object({ state: z.enum([...ANALYSIS_JOB_STATES, 'none']), reason: z.string().nullable() });
export type AnalysisState = z.output<typeof AnalysisStateSchema>;

/**
 * POST /api/admin/song-audio (and GET /api/admin/song-audio/:id while its analysis runs): the stored MP3, to name
 * in the song form's `audioUploadId` when it is saved. Its length, tempo and key come once `analysis` is done.
 */
export const SongAudioUploadSchema = z.object({
  id: z.string(),
  originalName: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  detected: DetectedAudioSchema,
  analysis: AnalysisStateSchema,
});
export type SongAudioUpload = z.output<typeof SongAudioUploadSchema>;

/** What a part of a song is, as read from its audio: repeated parts are verses and choruses (the loudest). */
export const SECTION_LABELS = ['intro', 'verse', 'chorus', 'bridge', 'outro'] as const;
export type SectionLabel = (typeof SECTION_LABELS)[number];

/** One section, in seconds from the start of the audio. */
export const SongSectionSchema = z.object({ label: z.enum(SECTION_LABELS), start: z.number().min(0), end: z.number().min(0) });
export type SongSection = z.output<typeof SongSectionSchema>;

/**
 * A song's form and loudness read from its audio, for the player to draw as bands over the waveform: `energy`
 * is one value a second (0–1 of the loudest second); `sections` cover the song in order, empty when the audio
 * was too short to tell; `firstChorusSeconds` is null when nothing repeats loudly enough to be a chorus.
 */
export const SongSectionsSchema = z.object({
  energy: z.array(z.number().min(0).max(1)),
  sections: z.array(SongSectionSchema),
  firstChorusSeconds: z.number().min(0).nullable(),
  introSeconds: z.number().min(0),
});
export type SongSections = z.output<typeof SongSectionsSchema>;

/**
 * What a song's audio was measured to be, as the review studio, the song page and the songwriter's review show
 * it. `measured` is false until the file is analysed (each fact is then null); a fact measured before this
 * version kept it is null too until the file is analysed again. `energy` is 0–1 of the loudest moment, at most
 * ENERGY_CURVE_MAX_POINTS values spread evenly over the song.
 */
export const SongFactsSchema = z.object({
  measured: z.boolean(),
  bpm: z.number().int().nullable(),
  key: z.enum(MUSICAL_KEYS).nullable(),
  loudness: z.object({
    integratedLufs: z.number().nullable(),
    loudnessRangeLu: z.number().nullable(),
    truePeakDbtp: z.number().nullable(),
  }),
  sections: z.array(SongSectionSchema).nullable(),
  firstChorusSeconds: z.number().min(0).nullable(),
  introSeconds: z.number().min(0).nullable(),
  energy: z.array(z.number().min(0).max(1)).nullable(),
});
export type SongFacts = z.output<typeof SongFactsSchema>;

/** A row of GET /api/admin/analysis-jobs: an analysis that failed, what its file belongs to, and why. */
export const FailedAnalysisSchema = z.object({
  id: z.string(),
  attempts: z.number(),
  reason: z.string(),
  failedAt: timestamp,
  fileName: z.string().nullable(),
  subject: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('song'), id: z.string(), title: z.string() }),
    z.object({ kind: z.literal('submission'), id: z.string(), title: z.string() }),
    z.object({ kind: z.literal('upload'), id: z.null(), title: z.null() }),
  ]),
});
export type FailedAnalysis = z.output<typeof FailedAnalysisSchema>;
export const FailedAnalysisListSchema = z.array(FailedAnalysisSchema);
