/** What the brief routes answer: the writer's view (never the buyer unless shown), the owner's and the admin's. */
import { z } from 'zod';
import { BRIEF_ANSWER_KINDS, BRIEF_STATES, BRIEF_VERDICTS, BRIEF_VOCALS } from '../constants';
import { timestamp } from './common';

/** A catalogue song a brief names as a reference. */
export const BriefReferenceSchema = z.object({ songId: z.string(), slug: z.string(), title: z.string() });
export type BriefReference = z.output<typeof BriefReferenceSchema>;

/** What anyone who may see a brief reads of it. */
const briefFields = {
  id: z.string(),
  title: z.string(),
  description: z.string(),
  genre: z.string().nullable(),
  tempoMin: z.number().int().nullable(),
  tempoMax: z.number().int().nullable(),
  musicalKey: z.string().nullable(),
  vocal: z.enum(BRIEF_VOCALS).nullable(),
  moods: z.array(z.string()),
  oneStopRequired: z.boolean(),
  /** The artist or project as the owner chose to show it. */
  artistShown: z.string(),
  /** The last day (YYYY-MM-DD, in Nashville) answers are taken. */
  deadlineOn: z.iso.date(),
  /** The deadline has passed (by the server's clock): no more answers, whatever the state. */
  expired: z.boolean(),
  references: z.array(BriefReferenceSchema),
};

/** The owner as writers see them, only when the owner chose to show it. */
export const BriefBuyerSchema = z.object({ name: z.string(), company: z.string().nullable() });

/** A songwriter's own answer to a brief, as they see it. */
export const MyBriefAnswerSchema = z.object({
  id: z.string(),
  kind: z.enum(BRIEF_ANSWER_KINDS),
  songTitle: z.string(),
  createdAt: timestamp,
  verdict: z.enum(BRIEF_VERDICTS).nullable(),
});
export type MyBriefAnswer = z.output<typeof MyBriefAnswerSchema>;

/**
 * An open brief as a songwriter reads it. It has no field for the owner's identity: `buyer` is null unless
 * the owner chose to show it.
 */
export const WriterBriefSchema = z.object({
  ...briefFields,
  buyer: BriefBuyerSchema.nullable(),
  myAnswers: z.array(MyBriefAnswerSchema),
});
export type WriterBrief = z.output<typeof WriterBriefSchema>;
/** GET /api/briefs/open: the briefs taking answers, the nearest deadline first. */
export const WriterBriefsSchema = z.array(WriterBriefSchema);

/** How far a brief's answers have come. Held: shortlisted songs the owner has put on hold. */
export const BriefCountsSchema = z.object({
  answers: z.number().int(),
  screened: z.number().int(),
  shortlisted: z.number().int(),
  held: z.number().int(),
});
export type BriefCounts = z.output<typeof BriefCountsSchema>;

/** A brief as its owner (or an admin) reads it. */
export const OwnBriefSchema = z.object({
  ...briefFields,
  state: z.enum(BRIEF_STATES),
  showBuyer: z.boolean(),
  shortlistPlaylistId: z.string().nullable(),
  createdAt: timestamp,
  approvedAt: timestamp.nullable(),
  closedAt: timestamp.nullable(),
  counts: BriefCountsSchema,
});
export type OwnBrief = z.output<typeof OwnBriefSchema>;
/** GET /api/briefs/mine: the caller's briefs, the newest first. */
export const OwnBriefsSchema = z.array(OwnBriefSchema);

/** A brief in the admin's list: the owner named. */
export const AdminBriefSchema = OwnBriefSchema.extend({
  owner: z.object({ id: z.string(), name: z.string(), email: z.string(), company: z.string().nullable() }),
});
export type AdminBrief = z.output<typeof AdminBriefSchema>;
/** GET /api/admin/briefs: one state's briefs, and how many briefs are in each state. */
export const AdminBriefsSchema = z.object({
  stateCounts: z.object({
    awaiting_approval: z.number().int(),
    open: z.number().int(),
    closed: z.number().int(),
    filled: z.number().int(),
  }),
  briefs: z.array(AdminBriefSchema),
});
export type AdminBriefs = z.output<typeof AdminBriefsSchema>;

/** One answer of a brief, as its owner and admins see it. */
export const BriefAnswerSchema = z.object({
  id: z.string(),
  kind: z.enum(BRIEF_ANSWER_KINDS),
  songTitle: z.string(),
  /** The catalogue song (answered with one, or once a new song is signed); null until then. */
  song: z.object({ id: z.string(), slug: z.string() }).nullable(),
  submissionId: z.string().nullable(),
  songwriterName: z.string(),
  createdAt: timestamp,
  verdict: z.enum(BRIEF_VERDICTS).nullable(),
  verdictReason: z.string().nullable(),
  verdictAt: timestamp.nullable(),
  shortlistedAt: timestamp.nullable(),
});
export type BriefAnswer = z.output<typeof BriefAnswerSchema>;
/** GET /api/briefs/answers/:id */
export const BriefAnswersSchema = z.array(BriefAnswerSchema);

/** POST /api/briefs/:id/answers: the answer made. */
export const BriefAnswerMadeSchema = MyBriefAnswerSchema;

/** A signed catalogue song of the writer's, offered to answer a brief with. */
export const MySignedSongSchema = z.object({ id: z.string(), title: z.string() });
/** GET /api/briefs/my-songs */
export const MySignedSongsSchema = z.array(MySignedSongSchema);
