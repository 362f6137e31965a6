/** What the pitch report routes answer: a songwriter's pitched songs as their listeners met them, with no listener named. */
import { z } from 'zod';
import { SONG_RESPONSES } from '../constants';
import { timestamp } from './common';

/** A hold or pass, dated by its latest change; the company only for a hold the admin chose to show it for. */
export const PitchReportResponseSchema = z.object({
  response: z.enum(SONG_RESPONSES),
  at: timestamp,
  company: z.string().nullable(),
});
export type PitchReportResponse = z.output<typeof PitchReportResponseSchema>;

/** One pitched song: who listened (counted, never named), how far on average, and the holds and passes. */
export const PitchReportSongSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** In the catalogue preview users browse (the song is active). */
  published: z.boolean(),
  /** Distinct listeners: preview users and pitch link recipients. */
  listeners: z.number().int(),
  plays: z.number().int(),
  /** Tagged MP3s and lyric sheets taken by download-allowed listeners. */
  downloads: z.number().int(),
  /** The mean of each listener's furthest point, as a percentage of the song; null without plays or a known length. */
  averageDepthPercent: z.number().nullable(),
  /** Newest first. */
  responses: z.array(PitchReportResponseSchema),
  /** The latest play, download, hold or pass; null when there was none. */
  lastActivityAt: timestamp.nullable(),
});
export type PitchReportSong = z.output<typeof PitchReportSongSchema>;

/** GET /api/pitch-report: the caller's pitched songs, the most recently active first. */
export const PitchReportSchema = z.object({ songs: z.array(PitchReportSongSchema) });
export type PitchReport = z.output<typeof PitchReportSchema>;
