/** What the review routes answer, to the songwriter and to the reviewer. */
import { z } from 'zod';
import { REVIEW_STATUSES, REVIEW_VERDICTS, RUBRIC_CATEGORIES } from '../constants';
import { paged, timestamp } from './common';
import { LyricCraftSchema } from './lyric-craft';
import { SavedQuestionnaireSchema } from './songwriters';

const reviewStatus = z.enum(REVIEW_STATUSES);
const verdict = z.enum(REVIEW_VERDICTS);
/** A calendar day, YYYY-MM-DD. */
const day = z.iso.date();

/** One category of a review's rubric; a draft's may lack its score or reason. */
export const RubricScoreSchema = z.object({
  category: z.enum(RUBRIC_CATEGORIES),
  score: z.number().int().min(1).max(5).nullable(),
  reason: z.string().nullable(),
});
export type RubricScore = z.output<typeof RubricScoreSchema>;

/** 201 from POST /api/reviews/:id/rating, and a review's rating where it is read. */
export const GivenReviewRatingSchema = z.object({
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  createdAt: timestamp,
});
export type ReviewRating = z.output<typeof GivenReviewRatingSchema>;

/** A message of a review's conversation, oldest first. `mine`: sent by the person reading it. */
export const ConversationMessageSchema = z.object({
  id: z.string(),
  fromSongwriter: z.boolean(),
  mine: z.boolean(),
  senderName: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: timestamp,
});
export type ConversationMessage = z.output<typeof ConversationMessageSchema>;

/** The parts of a submitted song both the songwriter and the reviewer read. File links are signed for the reader and expire. */
const submissionFields = {
  songTitle: z.string(),
  audioUrl: z.string().nullable(),
  lyricsText: z.string().nullable(),
  lyricsFileUrl: z.string().nullable(),
  storyArc: z.string(),
  aiUsage: z.string(),
  additionalNotes: z.string().nullable(),
};
export const SubmissionFieldsSchema = z.object(submissionFields);
export type SubmissionFields = z.output<typeof SubmissionFieldsSchema>;

/** A category's score in the first review and in its rewrite's: "Hook 3 → 4 (+1)". */
export const ScoreChangeSchema = z.object({
  category: z.enum(RUBRIC_CATEGORIES),
  before: z.number().int().nullable(),
  after: z.number().int().nullable(),
});
export type ScoreChange = z.output<typeof ScoreChangeSchema>;

const review = {
  ...submissionFields,
  id: z.string(),
  orderId: z.string(),
  songNumber: z.number().int(),
  /** 1 for the song's first review, 2 for the review of its rewrite (decision 0050). */
  round: z.number().int().min(1).max(2),
  /** On a rewrite: the first review's id. */
  rewriteOf: z.string().nullable(),
  /** On a rewrite: the songwriter's note on what changed. */
  rewriteNote: z.string().nullable(),
  /** On a first review: its rewrite, once the songwriter has sent one. */
  rewrite: z.object({ id: z.string(), status: reviewStatus, dueOn: day }).nullable(),
  status: reviewStatus,
  reviewedAt: timestamp.nullable(),
  createdAt: timestamp,
  /** The day (America/Chicago) the review is due: 10 business days after the song arrived. */
  dueOn: day,
  /** The songwriter's rating, once given. */
  rating: GivenReviewRatingSchema.nullable(),
  messages: z.array(ConversationMessageSchema),
};

/** GET /api/reviews/:id: the songwriter's own review; `adminReview`, `scores` and `verdict` stay null until the review is sent. */
export const SongwriterReviewSchema = z.object({
  ...review,
  packageSize: z.number().int(),
  adminReview: z.string().nullable(),
  scores: z.array(RubricScoreSchema).nullable(),
  verdict: verdict.nullable(),
  /** While a rewrite may still be sent (a sent "Close: rewrite suggested" first review without one): the last moment it is taken. */
  rewriteUntil: timestamp.nullable(),
  /** On a rewrite whose review is sent: each category's score in the first review and in this one. */
  scoreChanges: z.array(ScoreChangeSchema).nullable(),
});
export type SongwriterReview = z.output<typeof SongwriterReviewSchema>;

/** A row of GET /api/admin/reviews; `unreadMessages` counts the songwriter's messages no admin has read. */
export const AdminReviewRowSchema = z.object({
  id: z.string(),
  songTitle: z.string(),
  songNumber: z.number().int(),
  status: reviewStatus,
  createdAt: timestamp,
  reviewedAt: timestamp.nullable(),
  dueOn: day,
  verdict: verdict.nullable(),
  /** 2 for a rewrite, with the reviewer it goes to (null once that account is gone). */
  round: z.number().int().min(1).max(2),
  reviewerEmail: z.string().nullable(),
  songwriterName: z.string(),
  songwriterEmail: z.string(),
  unreadMessages: z.number().int(),
});
export type AdminReviewRow = z.output<typeof AdminReviewRowSchema>;
export const AdminReviewPageSchema = paged(AdminReviewRowSchema);
export type AdminReviewPage = z.output<typeof AdminReviewPageSchema>;

/** The songwriter's profile as the reviewer reads it: fields not yet filled in are null. */
export const SongwriterProfileDetailsSchema = z.object({
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  streetAddress: z.string().nullable(),
  city: z.string().nullable(),
  stateProvince: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
});
export type SongwriterProfileDetails = z.output<typeof SongwriterProfileDetailsSchema>;

/** GET /api/admin/reviews/:id: `adminReview`, `scores` and `verdict` are the draft's or the sent review's. */
export const AdminReviewSchema = z.object({
  ...review,
  adminReview: z.string().nullable(),
  scores: z.array(RubricScoreSchema),
  verdict: verdict.nullable(),
  /**
   * On a rewrite: the admin it goes to (who sent the first review; null once that account is gone), and
   * whether the reader may write its review (they are that admin, or that admin is no longer one).
   */
  reviewer: z.object({ email: z.string(), you: z.boolean() }).nullable(),
  mayWrite: z.boolean(),
  /** The lyric text's craft, measured when read (lines, syllables, rhymes, the title, repeats); null without lyric text. */
  lyricCraft: LyricCraftSchema.nullable(),
  /** On a rewrite: the first version and its sent review, to compare with. */
  firstRound: z
    .object({
      id: z.string(),
      audioUrl: z.string().nullable(),
      lyricsText: z.string().nullable(),
      lyricsFileUrl: z.string().nullable(),
      adminReview: z.string().nullable(),
      scores: z.array(RubricScoreSchema),
      verdict: verdict.nullable(),
      reviewedAt: timestamp.nullable(),
      /** The rewrite kept this version's recording (only its lyrics changed). */
      sameAudio: z.boolean(),
    })
    .nullable(),
  songwriter: z.object({
    email: z.string().nullable(),
    profile: SongwriterProfileDetailsSchema.nullable(),
    questionnaire: SavedQuestionnaireSchema.nullable(),
  }),
});
export type AdminReview = z.output<typeof AdminReviewSchema>;

/** GET /api/admin/unread-messages: songwriters' messages no admin has read yet. */
export const UnreadMessageCountSchema = z.object({ unread: z.number().int() });
export type UnreadMessageCount = z.output<typeof UnreadMessageCountSchema>;

/** PUT /api/admin/reviews/:id/draft: the review's status once the draft is kept. */
export const SavedReviewDraftSchema = z.object({ status: reviewStatus });
export type SavedReviewDraft = z.output<typeof SavedReviewDraftSchema>;

/** 201 from POST /api/reviews/:id/messages and POST /api/admin/reviews/:id/messages. */
export const PostedReviewMessageSchema = z.object({ id: z.string(), createdAt: timestamp });
export type PostedReviewMessage = z.output<typeof PostedReviewMessageSchema>;

/** 201 from POST /api/reviews/:id/rewrite: the rewrite's own review, and the day it is due. */
export const SentRewriteSchema = z.object({ id: z.string(), dueOn: day });
export type SentRewrite = z.output<typeof SentRewriteSchema>;
