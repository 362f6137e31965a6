import type { FieldErrors, Path, UseFormReturn } from 'react-hook-form';
import type { AdminSong } from '../../../../common/responses';
import type { SongFormInput, SongFormValues } from '../../../../common/schemas/songs';
import { WRITER_FIELDS } from './writers-fields';

/** The admin song form's react-hook-form handle: what the fields hold, and what the schema makes of it. */
export type SongFormApi = UseFormReturn<SongFormInput, unknown, SongFormValues>;

const FORM_FIELDS = [
  'title',
  'slug',
  'description',
  'lyrics',
  'writerInfo',
  'writers',
  'genre',
  'bpm',
  'musicalKey',
  'isOneStop',
  'tags',
  'orderIndex',
  'isActive',
] as const;

/** The server's messages may name one writer's field too: `writers.0.ipi`. */
export const fieldNames = (writerCount: number): Path<SongFormInput>[] => [
  ...FORM_FIELDS,
  ...Array.from({ length: writerCount }, (_, i) => WRITER_FIELDS.map((field) => `writers.${i}.${field}` as const)).flat(),
];

/** Number inputs: an empty field is "no value" (null BPM; the default order), anything else a number for the schema to judge. */
export const toNullableNumber = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));
export const toOptionalNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

/** A song saved without a BPM whose audio had one detected: the form offers it, marked. */
export const offersDetectedBpm = (song: AdminSong | undefined) => song !== undefined && song.bpm === null && song.detected.bpm !== null;

export function initialValues(song: AdminSong | undefined, defaultOrderIndex: number): SongFormInput {
  return {
    title: song?.title ?? '',
    slug: song?.slug ?? '',
    description: song?.description ?? '',
    lyrics: song?.lyrics ?? '',
    writerInfo: song?.writerInfo ?? '',
    writers: (song?.writers ?? []).map((w) => ({ ...w, ipi: w.ipi ?? '', publisher: w.publisher ?? '' })),
    genre: song?.genre ?? '',
    bpm: song?.bpm ?? (offersDetectedBpm(song) ? song!.detected.bpm : null),
    musicalKey: song?.musicalKey ?? null,
    isOneStop: song?.isOneStop ?? false,
    tags: song?.tags ?? [],
    orderIndex: song?.orderIndex ?? defaultOrderIndex,
    isActive: song?.isActive ?? true,
  };
}

export function firstTagError(errors: FieldErrors<SongFormInput>): string | undefined {
  const tags = errors.tags;
  if (!tags) return undefined;
  if (tags.message) return tags.message;
  if (Array.isArray(tags)) return tags.find((e) => e?.message)?.message;
  return tags.root?.message;
}
