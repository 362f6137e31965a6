/** What the songwriter onboarding and dashboard routes answer. */
import { z } from 'zod';
import { REVIEW_STATUSES } from '../constants';
import { timestamp } from './common';

/** Where a songwriter resumes: the first unfinished step. */
export const ONBOARDING_STEPS = ['profile', 'questionnaire', 'order', 'dashboard'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** A saved profile: every field, as step 2 requires them. */
export const OnboardingProfileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  streetAddress: z.string(),
  city: z.string(),
  stateProvince: z.string(),
  zip: z.string(),
  country: z.string(),
});
export type OnboardingProfile = z.output<typeof OnboardingProfileSchema>;

/** A saved questionnaire; the PRO answer as it was stored, which a page checks before offering it again. */
export const SavedQuestionnaireSchema = z.object({
  yearsWriting: z.string(),
  songsWritten: z.string(),
  mostRecentSong: z.string(),
  preferredGenre: z.string(),
  hasPublished: z.boolean(),
  proAffiliation: z.string(),
  howFoundUs: z.string(),
});
export type SavedQuestionnaire = z.output<typeof SavedQuestionnaireSchema>;

/** GET /api/songwriters/me: `profile` is null until step 2 is saved, `questionnaire` until step 3 is. */
export const OnboardingSchema = z.object({
  username: z.string().nullable(),
  profile: OnboardingProfileSchema.nullable(),
  questionnaire: SavedQuestionnaireSchema.nullable(),
  nextStep: z.enum(ONBOARDING_STEPS),
});
export type Onboarding = z.output<typeof OnboardingSchema>;

/** One of the songwriter's reviews, with the reviewer's messages still unread on it. */
export const DashboardReviewSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  songNumber: z.number().int(),
  /** 2 for the review of the song's rewrite. */
  round: z.number().int().min(1).max(2),
  songTitle: z.string(),
  status: z.enum(REVIEW_STATUSES),
  readBySongwriter: z.boolean(),
  createdAt: timestamp,
  reviewedAt: timestamp.nullable(),
  unreadMessages: z.number().int(),
});
export type DashboardReview = z.output<typeof DashboardReviewSchema>;

/** GET /api/songwriters/me/reviews: every review, newest first, and the unread reviewer messages over all of them. */
export const DashboardReviewsSchema = z.object({ reviews: z.array(DashboardReviewSchema), unreadMessages: z.number().int() });
export type DashboardReviews = z.output<typeof DashboardReviewsSchema>;
