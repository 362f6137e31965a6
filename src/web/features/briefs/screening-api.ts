import { queryOptions } from '@tanstack/react-query';
import type { BriefScreening, BriefShortlist, MyBriefOutcome, StudioBrief } from '../../../common/responses/brief-shortlist';
import type { BriefShortlistAddInput, BriefVerdictInput } from '../../../common/schemas/brief-shortlist';
import { api } from '../../lib/api';

/** The brief a submission answers, for the studio; null when it answers none. */
export const studioBriefQuery = (reviewId: string) =>
  queryOptions({
    queryKey: ['brief-screening', reviewId],
    queryFn: ({ signal }) => api<StudioBrief | null>(`/api/admin/reviews/${encodeURIComponent(reviewId)}/brief`, { signal }),
  });

export const saveVerdict = (answerId: string, values: BriefVerdictInput) =>
  api<BriefScreening>(`/api/admin/brief-answers/${encodeURIComponent(answerId)}/verdict`, { method: 'PUT', body: values });

/** A brief's shortlist with the reasons, for its owner and the admins. */
export const briefShortlistQuery = (briefId: string) =>
  queryOptions({
    queryKey: ['brief-shortlist', briefId],
    queryFn: ({ signal }) => api<BriefShortlist>(`/api/briefs/shortlists/${encodeURIComponent(briefId)}`, { signal }),
  });

export const addToShortlist = (briefId: string, values: BriefShortlistAddInput) =>
  api<BriefShortlist>(`/api/admin/briefs/${encodeURIComponent(briefId)}/shortlist`, { method: 'POST', body: values });

/** The writer's answers to briefs and where each stands. */
export const myBriefOutcomesQuery = queryOptions({
  queryKey: ['brief-outcomes'],
  queryFn: ({ signal }) => api<MyBriefOutcome[]>('/api/brief-outcomes', { signal }),
});
