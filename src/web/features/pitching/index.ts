// What the pitching feature offers the others: the hold and pass control of a song page, and the admin panels of
// listeners' answers (on a song's edit page and a listener's activity).
export { SongResponsesPanel, ListenerResponsesPanel } from './admin-responses-panel';
export { SongHoldPass } from './song-hold-pass';
// The listener's answers by song, and hold or pass on many songs at once (the catalogue's bulk actions).
export { useBulkAnswers, type BulkAnswerResult } from './bulk-answers';
// "Share" for a playlist's (or a song's) page: a buyer sends it onward to one person (decision 0084).
export { ShareButton } from './share-dialog';
