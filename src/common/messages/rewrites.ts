import { REWRITE } from '../constants';

/** One rewrite round: the songwriter sends a rewrite of a "Close: rewrite suggested" song, the same reviewer reviews it. */
export const rewrites = {
  // Refusals, said to the songwriter.
  notRewriteVerdict: 'A rewrite can be sent only for a song whose review says "Close: rewrite suggested".',
  notSentYet: 'This review has not been sent yet. You can send a rewrite once you have read it.',
  alreadySent: 'You have already sent the rewrite of this song. Each song gets one free rewrite round.',
  isTheRewrite: 'This is already the rewrite of your song. Each song gets one free rewrite round.',
  windowClosed: `The free rewrite had to be sent within ${REWRITE.windowDays} days of the review. That time has passed for this song.`,
  nothingChanged: 'Send new audio, new lyrics or both: the rewrite needs at least one of them to change.',
  noteRequired: 'Tell the reviewer briefly what you changed',
  noteTooLong: `At most ${REWRITE.noteMax.toLocaleString('en-US')} characters`,
  lyricsTooLong: `Lyrics must be at most ${REWRITE.lyricsMax.toLocaleString('en-US')} characters`,
  // The songwriter's pages.
  offerTitle: 'Send your rewrite',
  offerBody: 'The reviewer suggested a rewrite. Send one new version of this song, free, and the same reviewer reviews it.',
  /** "Free until Feb 24, 2027": the last day a rewrite is taken. */
  offerUntil: (day: string) => `Free until ${day}.`,
  sent: 'Rewrite sent',
  sendFailed: 'Failed to send the rewrite',
  sentTitle: 'Your rewrite',
  rewriteOfTitle: 'The first version',
  // Both sides.
  badge: 'Rewrite',
  roundText: `Round ${REWRITE.round}`,
  noteHeading: 'What the songwriter changed',
  yourNoteHeading: 'What you changed',
  // The reviewer's pages.
  forReviewer: (who: string) => `For ${who}, who reviewed the first version`,
  notYours: (who: string) =>
    `This rewrite goes to ${who}, who reviewed the first version. Only they can write its review while they are an admin.`,
  firstVersion: 'First version',
  rewriteVersion: 'Rewrite',
  lyricsDiffTitle: 'Lyrics: what changed',
  lyricsUnchanged: 'The lyrics did not change.',
  lyricsNotComparable: 'The lyrics cannot be compared line by line: one of the versions has them only as a file.',
  noLyrics: 'Neither version has lyrics as text.',
  audioUnchanged: 'The audio did not change; the rewrite has the same recording.',
  /** "First version: 3 / 5": the first round's score beside a category of the rubric. */
  firstScore: (score: number | null) => `First version: ${score === null ? 'not scored' : `${score} / 5`}`,
  /** "Hook 3 → 4 (+1)": a category's score in the first review and in the rewrite's. */
  scoreChange: (category: string, before: number | null, after: number | null) => {
    if (before === null || after === null) return `${category} ${before ?? '–'} → ${after ?? '–'}`;
    const change = after - before;
    return `${category} ${before} → ${after} (${change === 0 ? 'no change' : change > 0 ? `+${change}` : `−${-change}`})`;
  },
  scoreChangesTitle: 'Since the first version',
} as const;
