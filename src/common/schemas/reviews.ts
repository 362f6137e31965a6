import * as z from 'zod/mini';
import { REVIEW_LIST_TABS } from '../constants';
import * as MESSAGES from '../messages';
import { PageQuerySchema } from './admin';
import { noControlCharacters, requiredText, searchText } from './fields';

const m = MESSAGES.reviews;

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

export const ReviewTextSchema = z.object({
  // zod/mini loads no locale: classic zod's English default, spelled out for the browser.
  text: requiredText(m.reviewTextRequired, 50_000, 'Too big: expected string to have <=50000 characters', multiLine),
});
export const MessageSchema = z.object({
  message: requiredText(m.messageRequired, 5000, 'At most 5,000 characters', multiLine),
});

export const AdminReviewListQuerySchema = z.extend(PageQuerySchema, {
  tab: z._default(z.enum(REVIEW_LIST_TABS), 'pending'),
  q: searchText(),
});
