/** What the pitch agreement routes answer. */
import { z } from 'zod';
import { PITCH_AGREEMENT_STATUSES, PITCH_PIPELINE_STAGES } from '../constants';
import { timestamp } from './common';

/** One pitch agreement, as the songwriter and the admin read it: terms, state, the text to sign and the signature. */
export const PitchAgreementSchema = z.object({
  id: z.string(),
  reviewId: z.string(),
  songTitle: z.string(),
  state: z.enum(PITCH_AGREEMENT_STATUSES),
  commissionPercent: z.number().int(),
  termMonths: z.number().int(),
  note: z.string().nullable(),
  expiresAt: timestamp,
  createdAt: timestamp,
  /** When it was accepted, declined or withdrawn. */
  answeredAt: timestamp.nullable(),
  declineReason: z.string().nullable(),
  /** The full legal name typed to sign. */
  signedName: z.string().nullable(),
  textVersion: z.string(),
  text: z.string(),
  /** SHA-256 of the text as signed. */
  textSha256: z.string().nullable(),
  /** Where the signed song stands in the catalogue (not yet published, or published); null before it is there. */
  catalogue: z.enum(['unpublished', 'published']).nullable(),
});
export type PitchAgreement = z.output<typeof PitchAgreementSchema>;
export const PitchAgreementListSchema = z.array(PitchAgreementSchema);
export type PitchAgreementList = z.output<typeof PitchAgreementListSchema>;

/** GET /api/admin/pitch-agreements: each agreement with the catalogue song a signed one brought in. */
export const AdminPitchAgreementSchema = PitchAgreementSchema.extend({ catalogueSongId: z.string().nullable() });
export type AdminPitchAgreement = z.output<typeof AdminPitchAgreementSchema>;
export const AdminPitchAgreementListSchema = z.array(AdminPitchAgreementSchema);
export type AdminPitchAgreementList = z.output<typeof AdminPitchAgreementListSchema>;

/** A row of the pitch pipeline: the song, its writer, the terms, where it stands, and its catalogue song if there is one. */
export const PitchPipelineRowSchema = z.object({
  id: z.string(),
  reviewId: z.string(),
  songTitle: z.string(),
  writerName: z.string(),
  writerEmail: z.string(),
  state: z.enum(PITCH_PIPELINE_STAGES),
  /** The catalogue song the signed agreement brought in. */
  songId: z.string().nullable(),
  commissionPercent: z.number().int(),
  termMonths: z.number().int(),
  createdAt: timestamp,
  expiresAt: timestamp,
  answeredAt: timestamp.nullable(),
});
export type PitchPipelineRow = z.output<typeof PitchPipelineRowSchema>;

/** GET /api/admin/pitch-pipeline: how many agreements are at each stage, and the rows asked for, newest first. */
export const PitchPipelineSchema = z.object({
  counts: z.record(z.enum(PITCH_PIPELINE_STAGES), z.number().int()),
  rows: z.array(PitchPipelineRowSchema),
});
export type PitchPipeline = z.output<typeof PitchPipelineSchema>;
