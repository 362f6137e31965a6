import * as z from 'zod/mini';
import { REVIEW_LIST_TABS, REVIEW_RUBRIC, REVIEW_VERDICTS, type RubricCategory } from '../constants';
import * as MESSAGES from '../messages';
import { PageQuerySchema } from './admin';
import { noControlCharacters, optionalText, plainText, requiredText, searchText } from './fields';

const m = MESSAGES.reviews;
const r = MESSAGES.rubric;

const multiLine = { multiLine: true };

/** Multi-line, trimmed, at most `max` characters; missing or blank becomes null. */
const nullIfBlank = (max: number, message: string) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(max, message), noControlCharacters(true))),
    z.transform((v) => (v ? v : null)),
  );

/** One song of the submission form; files travel beside it in the multipart request. */
export const SubmissionSchema = z.object({
  orderId: z.uuid(m.invalidOrder),
  /** The open brief this song answers, if any. */
  briefId: z.optional(z.nullable(z.uuid(MESSAGES.briefs.notFound))),
  title: requiredText(m.titleRequired, 200, 'Song title must be at most 200 characters'),
  lyricsText: nullIfBlank(20_000, 'Lyrics must be at most 20,000 characters'),
  storyArc: z
    .string()
    .check(z.trim(), z.minLength(10, m.storyArcMin), z.maxLength(5000, 'At most 5,000 characters'), noControlCharacters(true)),
  aiUsage: z
    .string()
    .check(z.trim(), z.minLength(10, m.aiUsageMin), z.maxLength(5000, 'At most 5,000 characters'), noControlCharacters(true)),
  additionalNotes: nullIfBlank(5000, 'At most 5,000 characters'),
  agreed: z.literal(true, { error: m.agreementRequired }),
});
export type SubmissionInput = z.input<typeof SubmissionSchema>;

// zod/mini loads no locale: classic zod's English default, spelled out for the browser.
const reviewText = requiredText(m.reviewTextRequired, 50_000, 'Too big: expected string to have <=50000 characters', multiLine);

export const ReviewTextSchema = z.object({ text: reviewText });

/** The same schema for each category of the rubric. */
const eachCategory = <T extends z.core.$ZodType>(schema: T): Record<RubricCategory, T> => ({
  hook: schema,
  melody: schema,
  lyric: schema,
  structure: schema,
  commercial_fit: schema,
  demo_quality: schema,
});

const rubricScore = z.int({ error: r.scoreRequired }).check(z.gte(1, r.scoreRequired), z.lte(5, r.scoreRequired));
const verdict = z.enum(REVIEW_VERDICTS, { error: r.verdictRequired });

/** 'Save draft': the text, and as much of the rubric as is done: a score without its reason, no verdict yet. */
export const ReviewDraftSchema = z.object({
  text: reviewText,
  scores: z.optional(
    z.object(
      eachCategory(
        z.optional(
          z.object({
            score: z.optional(z.nullable(rubricScore)),
            reason: z.optional(plainText(REVIEW_RUBRIC.reasonMax, r.reasonTooLong, multiLine)),
          }),
        ),
      ),
    ),
  ),
  verdict: z.optional(z.nullable(verdict)),
});
export type ReviewDraftInput = z.input<typeof ReviewDraftSchema>;
export type ReviewDraftValues = z.output<typeof ReviewDraftSchema>;

/** 'Send review': the text, every category scored with a reason, and the verdict. */
export const ReviewSendSchema = z.object({
  text: reviewText,
  scores: z.object(
    eachCategory(
      z.object(
        { score: rubricScore, reason: requiredText(r.reasonRequired, REVIEW_RUBRIC.reasonMax, r.reasonTooLong, multiLine) },
        { error: r.scoreRequired },
      ),
    ),
    { error: r.scoreRequired },
  ),
  verdict,
});
export type ReviewSendInput = z.input<typeof ReviewSendSchema>;
export type ReviewSendValues = z.output<typeof ReviewSendSchema>;

/** The songwriter's rating of a sent review: 1 to 5, with an optional comment. */
export const ReviewRatingSchema = z.object({
  rating: z.int({ error: r.ratingRequired }).check(z.gte(1, r.ratingRequired), z.lte(5, r.ratingRequired)),
  comment: optionalText(REVIEW_RUBRIC.ratingCommentMax, r.ratingCommentTooLong, multiLine),
});
export type ReviewRatingInput = z.input<typeof ReviewRatingSchema>;
export type ReviewRatingValues = z.output<typeof ReviewRatingSchema>;
export const MessageSchema = z.object({
  message: requiredText(m.messageRequired, 5000, 'At most 5,000 characters', multiLine),
});

export const AdminReviewListQuerySchema = z.extend(PageQuerySchema, {
  tab: z._default(z.enum(REVIEW_LIST_TABS), 'pending'),
  q: searchText(),
});
