/** What the screening and shortlist routes answer. */
import { z } from 'zod';
import { BRIEF_VERDICTS, BRIEF_VOCALS } from '../constants';
import { timestamp } from './common';

/** What a writer is told of their answer: never the buyer's note, only where the song stands. */
export const BRIEF_OUTCOMES = ['awaiting', 'not_shortlisted', 'awaiting_signature', 'shortlisted', 'on_hold', 'passed'] as const;
export type BriefOutcome = (typeof BRIEF_OUTCOMES)[number];

/** An answer's screening as the reviewer and the admin read it. */
export const BriefScreeningSchema = z.object({
  answerId: z.string(),
  verdict: z.enum(BRIEF_VERDICTS).nullable(),
  verdictReason: z.string().nullable(),
  verdictAt: timestamp.nullable(),
  shortlistedAt: timestamp.nullable(),
});
export type BriefScreening = z.output<typeof BriefScreeningSchema>;

/** The brief a submission answers, shown in the review studio beside the rubric. */
export const StudioBriefSchema = z.object({
  screening: BriefScreeningSchema,
  /** The reviewer may set the verdict (they may write this review, and the song is not yet on the shortlist). */
  editable: z.boolean(),
  brief: z.object({
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
    artistShown: z.string(),
    deadlineOn: z.iso.date(),
    references: z.array(z.object({ songId: z.string(), slug: z.string(), title: z.string() })),
  }),
});
export type StudioBrief = z.output<typeof StudioBriefSchema>;
/** GET /api/admin/reviews/:id/brief: null when the submission answers no brief. */
export const StudioBriefAnswerSchema = StudioBriefSchema.nullable();

/** A song on a brief's shortlist: the reviewer's reason (none for a song the staff added) and the owner's answer. */
export const ShortlistSongSchema = z.object({
  songId: z.string(),
  slug: z.string(),
  title: z.string(),
  reason: z.string().nullable(),
  addedAt: timestamp,
  response: z.enum(['hold', 'pass']).nullable(),
});
export type ShortlistSong = z.output<typeof ShortlistSongSchema>;

/** GET /api/briefs/shortlists/:id: the brief's shortlist as its owner (or an admin) reads it. */
export const BriefShortlistSchema = z.object({
  briefId: z.string(),
  title: z.string(),
  /** The owner's playlist the shortlist fills; null until the first song joins it. */
  playlistId: z.string().nullable(),
  songs: z.array(ShortlistSongSchema),
});
export type BriefShortlist = z.output<typeof BriefShortlistSchema>;

/** One of the writer's answers and where it stands. */
export const MyBriefOutcomeSchema = z.object({
  answerId: z.string(),
  briefId: z.string(),
  briefTitle: z.string(),
  songTitle: z.string(),
  answeredAt: timestamp,
  outcome: z.enum(BRIEF_OUTCOMES),
});
export type MyBriefOutcome = z.output<typeof MyBriefOutcomeSchema>;
/** GET /api/briefs/my-outcomes: the writer's answers, the newest first. */
export const MyBriefOutcomesSchema = z.array(MyBriefOutcomeSchema);
