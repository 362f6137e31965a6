import { REVIEW_NOTE_LIMITS } from '../constants';

/** The review studio: the waveform player and the reviewer's time-coded notes. */
export const reviewNotes = {
  textRequired: 'Please write the note',
  textTooLong: `A note must be at most ${REVIEW_NOTE_LIMITS.textMax.toLocaleString('en-US')} characters`,
  atSecondsInvalid: 'The note must be at a moment of the song',
  nothingToChange: 'Change the note’s text or its moment',
  noteNotFound: 'This note does not exist (it may have been deleted)',
  tooMany: `A review can have at most ${REVIEW_NOTE_LIMITS.perReview} notes`,
  locked: 'This review has been sent: its notes can no longer be changed.',
  waveformUnavailable: 'The waveform is not available for this kind of file (M4A); the bar below plays the song all the same.',
  waveformMissing: 'The waveform of this file could not be drawn; the bar below plays the song all the same.',
  studioLoadFailed: 'Failed to load the player and notes',
  noteSaved: 'Note saved',
  noteSaveFailed: 'Failed to save the note',
  noteDeleted: 'Note deleted',
  noteDeleteFailed: 'Failed to delete the note',
} as const;
