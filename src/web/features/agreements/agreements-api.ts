import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { PitchPipelineStage } from '../../../common/constants';
import type { AdminPitchAgreementList, PitchAgreement, PitchAgreementList, PitchPipeline } from '../../../common/responses';
import type { AcceptPitchAgreementInput, PitchOfferInput } from '../../../common/schemas/agreements';
import { api } from '../../lib/api';

const MINE_KEY = ['songwriter', 'pitch-agreements'] as const;
const ADMIN_KEY = ['admin', 'pitch-agreements'] as const;

export const myAgreementsQuery = queryOptions({
  queryKey: MINE_KEY,
  queryFn: ({ signal }) => api<PitchAgreementList>('/api/pitch-agreements', { signal }),
});

export const pitchPipelineQuery = (state: PitchPipelineStage | undefined) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'pipeline', state ?? 'all'],
    queryFn: ({ signal }) => api<PitchPipeline>('/api/admin/pitch-pipeline', { query: { state }, signal }),
  });

export const reviewAgreementsQuery = (reviewId: string) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, reviewId],
    queryFn: ({ signal }) => api<AdminPitchAgreementList>('/api/admin/pitch-agreements', { query: { reviewId }, signal }),
  });

const path = (id: string) => `/api/pitch-agreements/${encodeURIComponent(id)}`;
const adminPath = (id: string) => `/api/admin/pitch-agreements/${encodeURIComponent(id)}`;

export const acceptAgreement = (id: string, input: AcceptPitchAgreementInput) =>
  api<PitchAgreement>(`${path(id)}/accept`, { method: 'POST', body: input });
export const declineAgreement = (id: string, reason: string) =>
  api<PitchAgreement>(`${path(id)}/decline`, { method: 'POST', body: { reason } });
export const offerAgreement = (input: PitchOfferInput) =>
  api<PitchAgreement>('/api/admin/pitch-agreements', { method: 'POST', body: input });
export const withdrawAgreement = (id: string) => api<PitchAgreement>(`${adminPath(id)}/withdraw`, { method: 'POST', body: {} });

/** Where each side downloads the signed PDF. */
export const signedPdfUrl = (id: string, side: 'songwriter' | 'admin') => `${side === 'admin' ? adminPath(id) : path(id)}/pdf`;

export const refreshAgreements = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: MINE_KEY }), queryClient.invalidateQueries({ queryKey: ADMIN_KEY })]);
