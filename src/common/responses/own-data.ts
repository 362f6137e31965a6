/** What a person's data export holds: everything the service keeps about one account, and nothing of anyone else's. */
import { z } from 'zod';
import {
  ORDER_PAYMENT_STATUSES,
  PITCH_AGREEMENT_STATUSES,
  PLACEMENT_STATUSES,
  PREVIEW_REQUEST_STATUSES,
  PRO_AFFILIATIONS,
  REVIEW_STATUSES,
  REVIEW_VERDICTS,
  RUBRIC_CATEGORIES,
  ROLES,
  SONG_RESPONSES,
} from '../constants';
import { timestamp } from './common';

const cents = z.number().int();

/** A file the person uploaded: what it is, not its bytes. */
const UploadedFileSchema = z.object({
  originalName: z.string().nullable(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  uploadedAt: timestamp,
});

/** A message of a review's conversation; the other side is named by role, never by an admin's account. */
const ReviewMessageSchema = z.object({ from: z.enum(['you', 'reviewer']), message: z.string(), sentAt: timestamp });

export const PersonalDataExportSchema = z.object({
  exportedAt: timestamp,
  account: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
    roles: z.array(z.enum(ROLES)),
    createdAt: timestamp,
    lastSignInAt: timestamp.nullable(),
  }),
  songwriterProfile: z
    .object({
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
      completedAt: timestamp.nullable(),
    })
    .nullable(),
  questionnaire: z
    .object({
      yearsWriting: z.string(),
      songsWritten: z.string(),
      mostRecentSong: z.string(),
      preferredGenre: z.string(),
      hasPublished: z.boolean(),
      proAffiliation: z.enum(PRO_AFFILIATIONS),
      howFoundUs: z.string(),
    })
    .nullable(),
  orders: z.array(
    z.object({
      id: z.string(),
      packageSize: z.number().int(),
      amountPaidCents: cents,
      creditAppliedCents: cents,
      paymentStatus: z.enum(ORDER_PAYMENT_STATUSES),
      songsSubmitted: z.number().int(),
      customerName: z.string().nullable(),
      customerEmail: z.string().nullable(),
      createdAt: timestamp,
      paidAt: timestamp.nullable(),
    }),
  ),
  accountCredits: z.array(z.object({ amountCents: cents, usedByOrderId: z.string().nullable(), createdAt: timestamp })),
  /** Each submitted song with its review and the conversation about it. */
  submissions: z.array(
    z.object({
      id: z.string(),
      orderId: z.string(),
      songNumber: z.number().int(),
      /** 2 for a rewrite of the song, with the note on what changed and the id of the first submission. */
      round: z.number().int(),
      rewriteOf: z.string().nullable(),
      rewriteNote: z.string().nullable(),
      songTitle: z.string(),
      storyArc: z.string(),
      aiUsage: z.string(),
      additionalNotes: z.string().nullable(),
      lyricsText: z.string().nullable(),
      audioFile: UploadedFileSchema.nullable(),
      lyricsFile: UploadedFileSchema.nullable(),
      status: z.enum(REVIEW_STATUSES),
      review: z.string().nullable(),
      verdict: z.enum(REVIEW_VERDICTS).nullable(),
      scores: z.array(z.object({ category: z.enum(RUBRIC_CATEGORIES), score: z.number().int().nullable(), reason: z.string().nullable() })),
      notes: z.array(z.object({ atSeconds: z.number(), text: z.string() })),
      yourRating: z.object({ rating: z.number().int(), comment: z.string().nullable(), ratedAt: timestamp }).nullable(),
      reviewedAt: timestamp.nullable(),
      submittedAt: timestamp,
      messages: z.array(ReviewMessageSchema),
    }),
  ),
  pitchAgreements: z.array(
    z.object({
      id: z.string(),
      songTitle: z.string(),
      status: z.enum(PITCH_AGREEMENT_STATUSES),
      commissionPercent: z.number().int(),
      termMonths: z.number().int(),
      agreementText: z.string(),
      offeredAt: timestamp,
      answeredAt: timestamp.nullable(),
      declineReason: z.string().nullable(),
      signedName: z.string().nullable(),
      signedIp: z.string().nullable(),
      signedUserAgent: z.string().nullable(),
    }),
  ),
  placements: z.array(
    z.object({
      pitchAgreementId: z.string(),
      artist: z.string(),
      project: z.string().nullable(),
      label: z.string().nullable(),
      status: z.enum(PLACEMENT_STATUSES),
      releaseDate: z.string().nullable(),
      incomeCents: cents,
      commissionCents: cents,
      createdAt: timestamp,
    }),
  ),
  previewRequests: z.array(
    z.object({
      name: z.string(),
      companyName: z.string(),
      email: z.string(),
      phone: z.string(),
      proAffiliation: z.enum(PRO_AFFILIATIONS),
      projectDescription: z.string(),
      status: z.enum(PREVIEW_REQUEST_STATUSES),
      createdAt: timestamp,
      revokedAt: timestamp.nullable(),
    }),
  ),
  comments: z.array(
    z.object({
      songTitle: z.string(),
      commenterName: z.string(),
      commenterEmail: z.string(),
      commentText: z.string(),
      approved: z.boolean(),
      createdAt: timestamp,
    }),
  ),
  plays: z.array(
    z.object({
      songTitle: z.string(),
      playedAt: timestamp,
      durationSeconds: z.number().int(),
      furthestSeconds: z.number(),
      completed: z.boolean(),
    }),
  ),
  holds: z.array(z.object({ songTitle: z.string(), response: z.enum(SONG_RESPONSES), note: z.string().nullable(), updatedAt: timestamp })),
  /** Their own playlists, each with its songs' titles in order. */
  playlists: z.array(
    z.object({
      name: z.string(),
      description: z.string().nullable(),
      songs: z.array(z.string()),
      createdAt: timestamp,
      updatedAt: timestamp,
    }),
  ),
  /** The links they shared songs onward by: who to, what, and how each stands; the link itself is never kept. */
  shares: z.array(
    z.object({
      recipientName: z.string(),
      recipientEmail: z.string(),
      recipientCompany: z.string().nullable(),
      message: z.string().nullable(),
      songs: z.array(z.string()),
      downloadAllowed: z.boolean(),
      hasPassword: z.boolean(),
      createdAt: timestamp,
      expiresAt: timestamp,
      revokedAt: timestamp.nullable(),
      lastOpenedAt: timestamp.nullable(),
    }),
  ),
  /** The weekly e-mail of new songs: whether it is on, and the weeks it was sent for. */
  newSongsMail: z.object({
    weekly: z.boolean(),
    sent: z.array(z.object({ weekStart: z.string(), songCount: z.number().int(), sentAt: timestamp })),
  }),
});
export type PersonalDataExport = z.output<typeof PersonalDataExportSchema>;
