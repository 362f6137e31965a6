import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, real, smallint, text, unique } from 'drizzle-orm/pg-core';
import { ENERGY_CURVE_MAX_POINTS, LIMITS, SOUND_PROFILE_MAX_LENGTH, STORAGE_BUCKETS, WAVEFORM_MAX_PEAKS } from '../../../common/constants';
import type { SongSection } from '../../../common/responses/audio-analysis';
import { MUSICAL_KEYS } from '../../../common/musical-keys';
import { users } from './auth';
import { createdAt, id, oneOf } from './helpers';

/** Every stored object (audio, images, submissions, lyrics). The bytes live in the storage adapter; this row is written after them. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: id(),
    bucket: text('bucket', { enum: STORAGE_BUCKETS }).notNull(),
    key: text('key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    originalName: text('original_name'),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * An audio file's waveform (0-255 each) and decoded length, computed at upload; null when its kind cannot be
     * decoded here. Kept for submissions and for catalogue audio uploaded ahead of its song's form.
     */
    audioPeaks: smallint('audio_peaks').array(),
    audioDurationSeconds: real('audio_duration_seconds'),
    /** Tempo and key read from the audio at upload (decision 0052); null when none was found or it was not analysed. */
    detectedBpm: smallint('detected_bpm'),
    detectedKey: text('detected_key', { enum: MUSICAL_KEYS }),
    /**
     * Loudness by ITU-R BS.1770-4 measured at upload (LoudnessFacts): integrated (LUFS), range (LU) and true
     * peak (dBTP); null when the audio was not decoded here or is silent.
     */
    integratedLufs: real('integrated_lufs'),
    loudnessRangeLu: real('loudness_range_lu'),
    truePeakDbtp: real('true_peak_dbtp'),
    /**
     * The song's form read from the audio (sections.ts): its sections in order ([] when too short to tell),
     * where the first chorus starts (null when none was found) and how long the intro lasts (null without
     * sections). All null until the file is analysed by a version that keeps them.
     */
    sections: jsonb('sections').$type<SongSection[]>(),
    firstChorusSeconds: real('first_chorus_seconds'),
    introSeconds: real('intro_seconds'),
    /** The energy curve, at most ENERGY_CURVE_MAX_POINTS values of 0-100 spread evenly over the song. */
    energy: smallint('energy').array(),
    /**
     * The sound profile "more like this" compares (features/audio/sound-profile.ts) and the version of its
     * features; a file whose version is not the current one is analysed again in the background.
     */
    soundProfile: real('sound_profile').array(),
    soundProfileVersion: smallint('sound_profile_version'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('stored_files_bucket_key_unique').on(t.bucket, t.key),
    index('stored_files_owner_id_idx').on(t.ownerId),
    check('stored_files_bucket_check', oneOf(t.bucket, STORAGE_BUCKETS)),
    check('stored_files_size_check', sql`${t.sizeBytes} >= 0`),
    check(
      'stored_files_audio_peaks_check',
      sql`${t.audioPeaks} is null or cardinality(${t.audioPeaks}) <= ${sql.raw(String(WAVEFORM_MAX_PEAKS))}`,
    ),
    check(
      'stored_files_detected_bpm_check',
      sql`${t.detectedBpm} is null or ${t.detectedBpm} between ${sql.raw(String(LIMITS.bpmMin))} and ${sql.raw(String(LIMITS.bpmMax))}`,
    ),
    check('stored_files_energy_check', sql`${t.energy} is null or cardinality(${t.energy}) <= ${sql.raw(String(ENERGY_CURVE_MAX_POINTS))}`),
    index('stored_files_first_chorus_seconds_idx').on(t.firstChorusSeconds),
    index('stored_files_intro_seconds_idx').on(t.introSeconds),
    check(
      'stored_files_sound_profile_check',
      sql`(${t.soundProfile} is null) = (${t.soundProfileVersion} is null) and (${t.soundProfile} is null or cardinality(${t.soundProfile}) <= ${sql.raw(String(SOUND_PROFILE_MAX_LENGTH))})`,
    ),
    check('stored_files_detected_key_check', sql`${t.detectedKey} is null or ${oneOf(t.detectedKey, MUSICAL_KEYS)}`),
  ],
);
