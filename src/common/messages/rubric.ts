import type { RubricCategory, ReviewVerdict } from '../constants';

/** The rubric's words: each category's name and what each of its five levels means, the verdicts, and the rating. */
export const rubric = {
  categories: {
    hook: 'Hook',
    melody: 'Melody',
    lyric: 'Lyric',
    structure: 'Structure',
    commercial_fit: 'Commercial fit',
    demo_quality: 'Demo quality',
  } satisfies Record<RubricCategory, string>,
  /** Level 1 to 5 of each category, in order. */
  levels: {
    hook: [
      'No clear hook yet',
      'A hook is there but easy to forget',
      'A solid hook that needs a sharper line or lift',
      'A strong hook that stays after one listen',
      'An undeniable hook: you sing it walking out of the room',
    ],
    melody: [
      'The melody wanders or repeats without purpose',
      'Singable, but predictable or hard to follow',
      'A good melody with a few flat moments',
      'Memorable, with a chorus that lifts',
      'Fresh and inevitable from the first line to the last',
    ],
    lyric: [
      'Unclear idea, or clichés throughout',
      'A clear idea told in familiar lines',
      'A good idea with some lines that need work',
      'Specific, honest lines with a strong title payoff',
      'Every line earns its place; the story lands',
    ],
    structure: [
      'Hard to follow: sections blur together',
      'The parts are there but the song drags or rushes',
      'A sound form with a section to tighten',
      'Tight and well paced; gets to the chorus in time',
      'Every section builds to the next; not a wasted bar',
    ],
    commercial_fit: [
      'Not a fit for today’s market',
      'A narrow or dated fit',
      'Could fit an artist with some changes',
      'Fits current artists and radio',
      'Ready for a pitch meeting today',
    ],
    demo_quality: [
      'Hard to hear the song through the recording',
      'A rough work tape: the song comes through, barely',
      'A clean guitar or piano vocal',
      'A good demo that sells the song',
      'Radio-ready production and vocal',
    ],
  } satisfies Record<RubricCategory, readonly [string, string, string, string, string]>,
  verdicts: {
    pitch_ready: 'Pitch-ready',
    rewrite_suggested: 'Close: rewrite suggested',
    not_yet: 'Not yet',
  } satisfies Record<ReviewVerdict, string>,
  scoreRequired: 'Choose a score',
  reasonRequired: 'Give a short reason for this score',
  reasonTooLong: 'At most 500 characters',
  verdictRequired: 'Choose a verdict',
  ratingQuestion: 'How useful was this review?',
  ratingRequired: 'Choose a rating from 1 to 5',
  ratingCommentTooLong: 'At most 1,000 characters',
  ratingSaved: 'Thank you for rating this review',
  ratingFailed: 'Failed to save your rating',
  alreadyRated: 'You have already rated this review.',
  notSentYet: 'This review has not been sent yet, so it cannot be rated.',
  /** "due in 3 days", "due today", "overdue by 2 days": a review's due date as the admin's list reads it. */
  dueText: (daysLeft: number) =>
    daysLeft === 0
      ? 'due today'
      : daysLeft > 0
        ? `due in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}`
        : `overdue by ${-daysLeft} ${daysLeft === -1 ? 'day' : 'days'}`,
  /** "Expected by Dec 9": when the songwriter can expect a review not yet sent. */
  expectedBy: (day: string) => `Expected by ${day}`,
  offerNeedsPitchReady:
    'Only a song whose review verdict is "Pitch-ready" can be offered a pitch agreement. Send an updated review with that verdict first.',
} as const;
