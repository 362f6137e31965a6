import * as z from 'zod/mini';
import { COMMENT_STATUS_FILTERS, LIMITS, SONG_WRITERS, WRITER_PROS } from '../constants';
import { MUSICAL_KEYS } from '../musical-keys';
import * as MESSAGES from '../messages';
import { PageQuerySchema } from './admin';
import { emailField, idText, optionalText, requiredText } from './fields';

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

export const TagsSchema = z._default(
  z.array(requiredText(m.tagEmpty, LIMITS.tagMax, m.tagTooLong)).check(
    z.maxLength(LIMITS.tagsMax, m.tooManyTags),
    z.refine((tags) => new Set(tags.map((t) => t.toLowerCase())).size === tags.length, m.tagDuplicate),
  ),
  [],
);

/** A share in hundredths of a percent (33.33 -> 3333): shares are added as whole numbers, never as floats. */
export const shareHundredths = (share: number): number => Math.round(share * 100);
const hasTwoDecimalsAtMost = (share: number) => Math.abs(share * 100 - shareHundredths(share)) < 1e-6;

/** The sum of some shares as the admin reads it: 99, 99.5 or 99.99. */
export function sharesTotal(shares: readonly number[]): string {
  const hundredths = shares.reduce((sum, share) => sum + (Number.isFinite(share) ? shareHundredths(share) : 0), 0);
  return String(hundredths / 100);
}

/** One writer of a song and their share of it. */
export const SongWriterSchema = z.object({
  name: requiredText(m.writerNameRequired, SONG_WRITERS.nameMax, m.writerNameTooLong),
  pro: z.enum(WRITER_PROS, m.writerProRequired),
  ipi: z
    .optional(
      z.nullable(
        z.pipe(
          z.string().check(z.trim()),
          z.transform((v) => (v === '' ? null : v)),
        ),
      ),
    )
    .check(z.refine((v) => v === undefined || v === null || SONG_WRITERS.ipiPattern.test(v), m.writerIpiInvalid)),
  publisher: optionalText(SONG_WRITERS.publisherMax, m.writerPublisherTooLong),
  share: z
    .number(m.writerShareInvalid)
    .check(z.gt(0, m.writerShareRange), z.lte(100, m.writerShareRange), z.refine(hasTwoDecimalsAtMost, m.writerShareDecimals)),
});
export type SongWriterInput = z.input<typeof SongWriterSchema>;
export type SongWriterValues = z.output<typeof SongWriterSchema>;

/**
 * A song's writers, in the order the song credits them. None at all is allowed (a song listed before writers
 * were, which shows its free-text writer info); once there is one, the shares must add up to exactly 100%.
 */
export const SongWritersSchema = z._default(
  z.array(SongWriterSchema).check(
    z.maxLength(SONG_WRITERS.max, m.tooManyWriters),
    z.superRefine((writers, ctx) => {
      // A share refused on its own says so on its field; the total is worth reading once each share is whole.
      if (writers.length === 0 || !writers.every((w) => w.share > 0 && w.share <= 100 && hasTwoDecimalsAtMost(w.share))) return;
      const shares = writers.map((w) => w.share);
      const total = shares.reduce((sum, share) => sum + shareHundredths(share), 0);
      if (total !== SONG_WRITERS.totalHundredths)
        ctx.issues.push({ code: 'custom', message: m.writerSharesTotal(sharesTotal(shares)), input: writers });
    }),
  ),
  [],
);

/** The admin song form: the same schema validates the browser form and the server route. */
export const SongFormSchema = z.object({
  title: requiredText(m.titleRequired, LIMITS.songTitleMax, m.titleTooLong),
  slug: z
    .string()
    .check(z.trim(), z.minLength(1, m.slugRequired), z.maxLength(LIMITS.slugMax, m.slugTooLong), z.regex(SLUG_PATTERN, m.slugPattern)),
  description: requiredText(m.descriptionRequired, LIMITS.songDescriptionMax, m.descriptionTooLong, { multiLine: true }),
  lyrics: requiredText(m.lyricsRequired, LIMITS.lyricsMax, m.lyricsTooLong, { multiLine: true }),
  writerInfo: optionalText(LIMITS.writerInfoMax, m.writerInfoTooLong),
  genre: optionalText(LIMITS.genreMax, m.genreTooLong),
  bpm: z.optional(
    z.nullable(
      z.number({ error: m.bpmRange }).check(z.int(m.bpmRange), z.minimum(LIMITS.bpmMin, m.bpmRange), z.maximum(LIMITS.bpmMax, m.bpmRange)),
    ),
  ),
  tags: TagsSchema,
  musicalKey: z.optional(z.nullable(z.enum(MUSICAL_KEYS, m.musicalKeyInvalid))),
  isOneStop: z._default(z.boolean(), false),
  writers: SongWritersSchema,
  orderIndex: z._default(
    z.number().check(z.int(m.orderIndexInvalid), z.minimum(0, m.orderIndexInvalid), z.maximum(LIMITS.orderIndexMax, m.orderIndexTooLarge)),
    0,
  ),
  isActive: z._default(z.boolean(), true),
  /** Audio uploaded ahead of saving (POST /api/admin/song-audio) to become the song's; an `audio` file part wins over it. */
  audioUploadId: z.optional(z.uuid()),
});
export type SongFormInput = z.input<typeof SongFormSchema>;
export type SongFormValues = z.output<typeof SongFormSchema>;

export const SongActiveSchema = z.object({ isActive: z.boolean() });

/** Every song's id in its new order: one request, one transaction. */
export const SongOrderSchema = z.object({
  ids: z.array(z.uuid()).check(
    z.minLength(1),
    z.maxLength(100_000),
    z.refine((ids) => new Set(ids).size === ids.length, 'Each song may appear only once'),
  ),
});

export const SlugParamSchema = z.object({ slug: idText(LIMITS.slugMax) });

/** The comment form. */
export const CommentSchema = z.object({
  name: requiredText(MESSAGES.validation.nameRequired, LIMITS.nameMax, MESSAGES.validation.nameTooLong),
  email: emailField,
  comment: requiredText(m.commentRequired, LIMITS.commentMax, m.commentTooLong, { multiLine: true }),
});
export type CommentInput = z.infer<typeof CommentSchema>;

/** GET /api/admin/comments, and the moderation page's URL: pending comments unless another filter is asked for. */
export const AdminCommentListQuerySchema = z.extend(PageQuerySchema, { status: z._default(z.enum(COMMENT_STATUS_FILTERS), 'pending') });

export const CommentModerationSchema = z.object({ isApproved: z.literal(true) });

/**
 * A player reports how long it was listened to and the furthest point reached, once per player instance,
 * then updates that row. furthestSeconds defaults to 0 so that a page loaded before it existed still reports.
 */
export const PlayReportSchema = z.object({
  durationSeconds: z.number().check(z.int(), z.minimum(0), z.maximum(24 * 3600)),
  furthestSeconds: z._default(z.number().check(z.minimum(0), z.maximum(24 * 3600)), 0),
  completed: z.boolean(),
});
export const NewPlaySchema = z.extend(PlayReportSchema, { songId: z.uuid() });
