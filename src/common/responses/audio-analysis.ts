/** What the API answers about tempo and key detected in uploaded audio (decision 0052). */
import { z } from 'zod';
import { MUSICAL_KEYS } from '../musical-keys';

/** Tempo (whole BPM) and key read from a file's audio; each null when none was found or it was not analysed. */
export const DetectedAudioSchema = z.object({ bpm: z.number().int().nullable(), key: z.enum(MUSICAL_KEYS).nullable() });
export type DetectedAudio = z.output<typeof DetectedAudioSchema>;

/** POST /api/admin/song-audio: the stored MP3, to name in the song form's `audioUploadId` when it is saved. */
export const SongAudioUploadSchema = z.object({
  id: z.string(),
  originalName: z.string().nullable(),
  durationSeconds: z.number(),
  detected: DetectedAudioSchema,
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
