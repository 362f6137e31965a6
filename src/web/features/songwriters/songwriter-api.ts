import { queryOptions } from '@tanstack/react-query';
import type { PackageSize, ReviewStatus } from '../../../common/constants';
import { PAGE_PATHS } from '../../../common/routes';
import type { z } from 'zod';
import type {
  SavedQuestionnaire,
  SongwriterQuestionnaireSchema,
  SongwriterProfileInput,
  SongwriterJoinInput,
  SongwriterSignupInput,
} from '../../../common/schemas/songwriters';
import { api } from '../../lib/api';
import { SONGWRITER_REVIEWS_KEY } from '../../lib/query-keys';

/** Where a songwriter resumes: the first unfinished step (GET /api/songwriters/me). */
export type OnboardingStep = 'profile' | 'questionnaire' | 'order' | 'dashboard';

/** GET /api/songwriters/me. `profile` is null until step 2 is saved, `questionnaire` until step 3 is. */
export interface Onboarding {
  username: string | null;
  profile: SongwriterProfileInput | null;
  questionnaire: SavedQuestionnaire | null;
  nextStep: OnboardingStep;
}

/** A row of GET /api/songwriters/me/orders (paid and completed orders, newest first); dates are ISO strings. */
export interface SongwriterOrder {
  id: string;
  packageSize: number;
  songsSubmitted: number;
  songsRemaining: number;
  paymentStatus: 'paid' | 'completed';
  amountPaidCents: number;
  createdAt: string;
  paidAt: string | null;
}

export interface DashboardReview {
  id: string;
  orderId: string;
  songNumber: number;
  songTitle: string;
  status: ReviewStatus;
  readBySongwriter: boolean;
  createdAt: string;
  reviewedAt: string | null;
  unreadMessages: number;
}

/** GET /api/songwriters/me/reviews: every review, newest first, and the unread admin messages over all of them. */
export interface DashboardReviews {
  reviews: DashboardReview[];
  unreadMessages: number;
}

export type ClaimResult = { claimed: number };
export type ClaimByEmailResult = ClaimResult | { confirmationSent: true };

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
  signUp: (input: SongwriterSignupInput) => api<{ ok: true }>('/api/songwriters/sign-up', { method: 'POST', body: input }),
  /** The songwriter role and a username for the account signed in now; 409 for a taken username. */
  join: (input: SongwriterJoinInput) => api<{ ok: true }>('/api/songwriters/join', { method: 'POST', body: input }),
  /** A new confirmation link that, like the first, signs this browser in and continues at step 2. */
  resendVerification: (email: string) =>
    api<unknown>('/api/auth/send-verification-email', {
      method: 'POST',
      body: { email, callbackURL: PAGE_PATHS.songwriterProfile },
    }),
  saveProfile: (input: SongwriterProfileInput) => api<{ ok: true }>('/api/songwriters/me/profile', { method: 'PUT', body: input }),
  saveQuestionnaire: (input: z.output<typeof SongwriterQuestionnaireSchema>) =>
    api<{ ok: true }>('/api/songwriters/me/questionnaire', { method: 'PUT', body: input }),
  /** A pending order and its checkout page (Stripe Checkout, or our test checkout), opened in a new tab. */
  startCheckout: (packageSize: PackageSize) =>
    api<{ orderId: string; url: string }>('/api/songwriters/me/checkout', { method: 'POST', body: { packageSize } }),
  /** awaitingPayment: the checkout's order is this songwriter's but not paid yet (the provider's notice is late). */
  claimBySession: (sessionId: string) =>
    api<ClaimResult & { awaitingPayment: boolean }>('/api/songwriters/me/claim', { method: 'POST', body: { sessionId } }),
  claimByEmail: (email: string) => api<ClaimByEmailResult>('/api/songwriters/me/claim-email', { method: 'POST', body: { email } }),
  confirmClaim: (token: string) => api<ClaimResult>('/api/songwriters/me/claim-email/confirm', { method: 'POST', body: { token } }),
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
