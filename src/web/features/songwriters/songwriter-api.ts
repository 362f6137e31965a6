import { queryOptions } from '@tanstack/react-query';
import type { Ok } from '../../../common/responses/common';
import type { PackageSize } from '../../../common/constants';
import type {
  AccountCredit,
  ClaimedOrders,
  EmailClaimResult,
  SessionClaimResult,
  SongwriterOrder,
  StartedCheckout,
} from '../../../common/responses/orders';
import type { DashboardReviews, Onboarding, OnboardingStep } from '../../../common/responses/songwriters';
import { PAGE_PATHS } from '../../../common/routes';
import type { z } from 'zod';
import type {
  SongwriterQuestionnaireSchema,
  SongwriterProfileInput,
  SongwriterJoinInput,
  SongwriterSignupInput,
} from '../../../common/schemas/songwriters';
import { api } from '../../lib/api';
import { SONGWRITER_REVIEWS_KEY } from '../../lib/query-keys';

export type { DashboardReview, DashboardReviews, Onboarding, OnboardingStep } from '../../../common/responses/songwriters';
export type { AccountCredit, SongwriterOrder } from '../../../common/responses/orders';

/** Every query of this feature sits under this root; sign-out drops them with the rest of the session's data. */
const ROOT = ['songwriter'] as const;

export const onboardingQuery = queryOptions({
  queryKey: [...ROOT, 'me'],
  queryFn: ({ signal }) => api<Onboarding>('/api/songwriters/me', { signal }),
});

export const ordersQuery = queryOptions({
  queryKey: [...ROOT, 'orders'],
  queryFn: ({ signal }) => api<SongwriterOrder[]>('/api/songwriters/me/orders', { signal }),
});

/** Unspent account credit (review fees credited back) and what it takes off each package. */
export const creditQuery = queryOptions({
  queryKey: [...ROOT, 'credit'],
  queryFn: ({ signal }) => api<AccountCredit>('/api/songwriters/me/credit', { signal }),
});

/** The unread review count is refetched every 30 s. */
export const REVIEWS_REFETCH_MS = 30_000;

export const reviewsQuery = queryOptions({
  queryKey: SONGWRITER_REVIEWS_KEY,
  queryFn: ({ signal }) => api<DashboardReviews>('/api/songwriters/me/reviews', { signal }),
  refetchInterval: REVIEWS_REFETCH_MS,
});

export const songwriterKeys = { root: ROOT, onboarding: onboardingQuery.queryKey, orders: ordersQuery.queryKey } as const;

export const songwriterApi = {
  /** 200 for a new e-mail and for a taken one alike (its owner is e-mailed); 409 for a taken username. */
  signUp: (input: SongwriterSignupInput) => api<Ok>('/api/songwriters/sign-up', { method: 'POST', body: input }),
  /** The songwriter role and a username for the account signed in now; 409 for a taken username. */
  join: (input: SongwriterJoinInput) => api<Ok>('/api/songwriters/join', { method: 'POST', body: input }),
  /** A new confirmation link that, like the first, signs this browser in and continues at step 2. */
  resendVerification: (email: string) =>
    api<unknown>('/api/auth/send-verification-email', {
      method: 'POST',
      body: { email, callbackURL: PAGE_PATHS.songwriterProfile },
    }),
  saveProfile: (input: SongwriterProfileInput) => api<Ok>('/api/songwriters/me/profile', { method: 'PUT', body: input }),
  saveQuestionnaire: (input: z.output<typeof SongwriterQuestionnaireSchema>) =>
    api<Ok>('/api/songwriters/me/questionnaire', { method: 'PUT', body: input }),
  /** A pending order and its checkout page (Stripe Checkout, or our test checkout), opened in a new tab. */
  /** fastReview: the faster review, when the settings offer it (decision 0095). */
  startCheckout: ({ packageSize, fastReview = false }: { packageSize: PackageSize; fastReview?: boolean }) =>
    api<StartedCheckout>('/api/songwriters/me/checkout', { method: 'POST', body: { packageSize, fastReview } }),
  /** awaitingPayment: the checkout's order is this songwriter's but not paid yet (the provider's notice is late). */
  claimBySession: (sessionId: string) => api<SessionClaimResult>('/api/songwriters/me/claim', { method: 'POST', body: { sessionId } }),
  claimByEmail: (email: string) => api<EmailClaimResult>('/api/songwriters/me/claim-email', { method: 'POST', body: { email } }),
  confirmClaim: (token: string) => api<ClaimedOrders>('/api/songwriters/me/claim-email/confirm', { method: 'POST', body: { token } }),
};

const STEP_PATHS: Record<OnboardingStep, string> = {
  profile: PAGE_PATHS.songwriterProfile,
  questionnaire: PAGE_PATHS.songwriterQuestionnaire,
  order: PAGE_PATHS.songwriterOrder,
  dashboard: PAGE_PATHS.songwriterDashboard,
};

export const pathOfStep = (step: OnboardingStep): string => STEP_PATHS[step];

const STEP_RANK: Record<OnboardingStep, number> = { profile: 0, questionnaire: 1, order: 2, dashboard: 3 };

/**
 * Whether a page of the flow may open, given where the songwriter stands. Finished steps may be opened
 * again (to edit them, or to buy another package); a later one sends them back to the first unfinished.
 * The dashboard opens once the questionnaire is done: with no order yet it offers the packages.
 */
export function mayOpen(page: OnboardingStep, next: OnboardingStep): boolean {
  const limit = page === 'dashboard' ? STEP_RANK.order : STEP_RANK[page];
  return STEP_RANK[next] >= limit;
}

/** "1 song", "3 songs" */
export const songsLabel = (n: number): string => `${n} ${n === 1 ? 'song' : 'songs'}`;
