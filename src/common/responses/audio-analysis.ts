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
