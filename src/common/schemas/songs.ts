import { z } from 'zod';
import { LIMITS } from '../constants';
import * as MESSAGES from '../messages';
import { emailField, requiredText } from './fields';

const m = MESSAGES.songs;

/** Lower-case letters, digits and single hyphens: "gravel-road-goodbye". */
export const SLUG_PATTERN = /^[a-z0-9-]+$/;

/** The slug a new song gets from its title (the admin may edit it). */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, LIMITS.slugMax);
}

/** Adds a tag the way the form does on Enter: trimmed, non-empty, no duplicates (case-insensitive). */
export function addTag(tags: readonly string[], raw: string): string[] {
  const tag = raw.trim();
  if (!tag || tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return [...tags];
  return [...tags, tag];
}

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const TagsSchema = z
  .array(z.string().trim().min(1, m.tagEmpty).max(LIMITS.tagMax, m.tagTooLong))
  .max(LIMITS.tagsMax, m.tooManyTags)
  .refine((tags) => new Set(tags.map((t) => t.toLowerCase())).size === tags.length, m.tagDuplicate)
  .default([]);

/** The admin song form: the same schema validates the browser form and the server route. */
export const SongFormSchema = z.object({
  title: requiredText(m.titleRequired, LIMITS.songTitleMax, m.titleTooLong),
  slug: z
    .string()
    .trim()
    .min(1, m.slugRequired)
    .max(LIMITS.slugMax, m.slugTooLong)
    .regex(SLUG_PATTERN, m.slugPattern),
  description: requiredText(m.descriptionRequired, LIMITS.songDescriptionMax, m.descriptionTooLong),
  lyrics: z.string().trim().min(1, m.lyricsRequired).max(LIMITS.lyricsMax, m.lyricsTooLong),
  writerInfo: optionalText(LIMITS.writerInfoMax, m.writerInfoTooLong),
  genre: optionalText(LIMITS.genreMax, m.genreTooLong),
  bpm: z
    .number({ error: m.bpmRange })
    .int(m.bpmRange)
    .min(LIMITS.bpmMin, m.bpmRange)
    .max(LIMITS.bpmMax, m.bpmRange)
    .nullable()
    .optional(),
  tags: TagsSchema,
  orderIndex: z.number().int(m.orderIndexInvalid).min(0, m.orderIndexInvalid).default(0),
  isActive: z.boolean().default(true),
});
export type SongFormInput = z.input<typeof SongFormSchema>;
export type SongFormValues = z.output<typeof SongFormSchema>;

export const SongActiveSchema = z.object({ isActive: z.boolean() });

/** Every song's id in its new order: one request, one transaction. */
export const SongOrderSchema = z.object({
  ids: z
    .array(z.uuid())
    .min(1)
    .max(100_000)
    .refine((ids) => new Set(ids).size === ids.length, 'Each song may appear only once'),
});

export const SlugParamSchema = z.object({ slug: z.string().min(1).max(LIMITS.slugMax) });

/** The comment form (spec section 5). */
export const CommentSchema = z.object({
  name: requiredText(MESSAGES.validation.nameRequired, LIMITS.nameMax, MESSAGES.validation.nameTooLong),
  email: emailField,
  comment: requiredText(m.commentRequired, LIMITS.commentMax, m.commentTooLong),
});
export type CommentInput = z.infer<typeof CommentSchema>;

export const CommentModerationSchema = z.object({ isApproved: z.literal(true) });

/**
 * A player reports how long it was listened to and the furthest point reached, once per player instance,
 * then updates that row. furthestSeconds defaults to 0 so that a page loaded before it existed still reports.
 */
export const PlayReportSchema = z.object({
  durationSeconds: z.number().int().min(0).max(24 * 3600),
  furthestSeconds: z.number().min(0).max(24 * 3600).default(0),
  completed: z.boolean(),
});
export const NewPlaySchema = PlayReportSchema.extend({ songId: z.uuid() });
