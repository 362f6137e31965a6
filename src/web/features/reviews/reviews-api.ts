import { queryOptions } from '@tanstack/react-query';
import type { ReviewStatus } from '../../../common/constants';
import type { ConversationMessage } from './conversation';
import type { SubmissionFields } from './submission-details';
import { api } from '../../lib/api';

/** GET /api/reviews/:id: the songwriter's own review. `adminReview` stays null until the review is sent. */
export interface SongwriterReview extends SubmissionFields {
  id: string;
  orderId: string;
  packageSize: number;
  songNumber: number;
  status: ReviewStatus;
  adminReview: string | null;
  reviewedAt: string | null;
  createdAt: string;
  messages: ConversationMessage[];
}

/** The conversation is read again every 30 s. */
export const CONVERSATION_REFETCH_MS = 30_000;

export const songwriterReviewQuery = (reviewId: string) =>
  queryOptions({
    queryKey: ['songwriter', 'review', reviewId],
    queryFn: ({ signal }) => api<SongwriterReview>(`/api/reviews/${encodeURIComponent(reviewId)}`, { signal }),
    refetchInterval: CONVERSATION_REFETCH_MS,
  });

export const sendSongwriterReply = (reviewId: string, message: string) =>
  api<{ id: string; createdAt: string }>(`/api/reviews/${encodeURIComponent(reviewId)}/messages`, { method: 'POST', body: { message } });
