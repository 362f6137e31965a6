import { z } from 'zod';
import * as MESSAGES from '../messages';
import { PageQuerySchema } from './admin';

const m = MESSAGES.reviews;

/** One song of the submission form; files travel beside it in the multipart request. */
export const SubmissionSchema = z.object({
  orderId: z.uuid(m.invalidOrder),
  title: z.string().trim().min(1, m.titleRequired).max(200, 'Song title must be at most 200 characters'),
  lyricsText: z
    .string()
    .trim()
    .max(20_000, 'Lyrics must be at most 20,000 characters')
    .optional()
    .transform((v) => (v ? v : null)),
  storyArc: z.string().trim().min(10, m.storyArcMin).max(5000, 'At most 5,000 characters'),
  aiUsage: z.string().trim().min(10, m.aiUsageMin).max(5000, 'At most 5,000 characters'),
  additionalNotes: z
    .string()
    .trim()
    .max(5000, 'At most 5,000 characters')
    .optional()
    .transform((v) => (v ? v : null)),
  agreed: z.literal(true, { error: m.agreementRequired }),
});
export type SubmissionInput = z.input<typeof SubmissionSchema>;

export const ReviewTextSchema = z.object({ text: z.string().trim().min(1, m.reviewTextRequired).max(50_000) });
export const MessageSchema = z.object({ message: z.string().trim().min(1, m.messageRequired).max(5000, 'At most 5,000 characters') });

export const AdminReviewListQuerySchema = PageQuerySchema.extend({
  tab: z.enum(['pending', 'completed']).default('pending'),
  q: z.string().trim().max(100).optional(),
});
