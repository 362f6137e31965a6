import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ReviewStatus } from '../../../../common/constants';
import type { ReviewNote, ReviewStudio } from '../../../../common/responses/review-notes';
import type { NewReviewNoteInput, ReviewNoteChangeInput } from '../../../../common/schemas/review-notes';
import { api } from '../../../lib/api';

export type { ReviewNote, ReviewStudio } from '../../../../common/responses/review-notes';

export type StudioSide = 'admin' | 'songwriter';

const base = (side: StudioSide, reviewId: string) =>
  side === 'admin' ? `/api/admin/reviews/${encodeURIComponent(reviewId)}` : `/api/reviews/${encodeURIComponent(reviewId)}`;

/**
 * The waveform and the notes. The key holds the review's status, so sending the review (the reviewer's page)
 * or its arrival (the songwriter's page, which reads the review again every 30 s) reads the notes again. Its
 * own root: what refreshes the review (a message sent) need not wait for the waveform.
 */
export const studioQuery = (side: StudioSide, reviewId: string, status: ReviewStatus) =>
  queryOptions({
    queryKey: ['review-studio', side, reviewId, status],
    queryFn: ({ signal }) => api<ReviewStudio>(`${base(side, reviewId)}/studio`, { signal }),
    // The player stays (and keeps playing) while the notes of the new status load.
    placeholderData: keepPreviousData,
  });

export const addNote = (reviewId: string, note: NewReviewNoteInput) =>
  api<ReviewNote>(`${base('admin', reviewId)}/notes`, { method: 'POST', body: note });
export const changeNote = (reviewId: string, noteId: string, change: ReviewNoteChangeInput) =>
  api<ReviewNote>(`${base('admin', reviewId)}/notes/${encodeURIComponent(noteId)}`, { method: 'PATCH', body: change });
export const deleteNote = (reviewId: string, noteId: string) =>
  api<void>(`${base('admin', reviewId)}/notes/${encodeURIComponent(noteId)}`, { method: 'DELETE' });
