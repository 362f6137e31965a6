import { REFERENCE_TRACK_HOURS } from '../constants';

/** "Sounds like": searching the catalogue with a reference track (an uploaded MP3 or a catalogue song). */
export const referenceSearch = {
  open: 'Sounds like…',
  title: 'Find songs that sound like…',
  intro: `Upload an MP3 of a reference, or pick a catalogue song. An upload is kept for you alone for ${REFERENCE_TRACK_HOURS} hours, then removed; it never joins the catalogue.`,
  uploadLabel: 'Reference MP3',
  upload: 'Upload and compare',
  pickLabel: 'Or pick a catalogue song',
  pickPlaceholder: 'Search the catalogue by title',
  pick: 'Compare with this song',
  uploading: 'Uploading the reference…',
  queued: 'Waiting for its turn to be analysed…',
  running: 'Analysing the reference: tempo, key, timbre and energy…',
  failed: 'This reference could not be analysed. Try another MP3.',
  gone: 'This reference is no longer kept. Upload it again to search with it.',
  searchFailed: 'The search could not be run just now.',
  empty: 'No song matches these filters. Loosen them to see more.',
  resultsFor: (name: string) => `Closest to “${name}”`,
  oneStopOnly: 'One-stop songs only',
  addToPlaylist: 'Add to playlist',
  referenceRequired: 'Choose an MP3 to upload.',
  notFound: 'No such reference track.',
  oneReference: 'Name either an uploaded reference or a catalogue song.',
  songNotMeasured: 'This song has not been analysed yet, so songs like it cannot be found.',
  closeness: (percent: number) => `${percent}% alike`,
  // Staff: the review studio and "add songs like this one".
  studioTitle: 'Sounds closest to',
  studioNotMeasured: 'Shown once the submission’s audio has been analysed.',
  studioEmpty: 'No catalogue song has been measured yet.',
  addLikeThis: 'Add songs like this one',
  addedLikeThis: (count: number) =>
    count === 0 ? 'No more songs like it to add.' : `Added ${count} song${count === 1 ? '' : 's'} like it.`,
} as const;
