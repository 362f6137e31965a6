/**
 * Every user-facing message, in one catalogue: one module per area, so that a page's bundle
 * holds only the areas it reads. Import it whole: `import * as MESSAGES from '.../common/messages'`.
 */
export { generic } from './generic';
export { validation } from './validation';
export { auth } from './auth';
export { previewStatus } from './preview-status';
export { outbox } from './outbox';
export { contact } from './contact';
export { songs } from './songs';
export { audioAnalysis } from './audio-analysis';
export { player } from './player';
export { previewAccess } from './preview-access';
export { songwriters } from './songwriters';
export { reviews } from './reviews';
export { rubric } from './rubric';
export { reviewNotes } from './review-notes';
export { rewrites } from './rewrites';
export { admin } from './admin';
export { pitching } from './pitching';
export { agreements } from './agreements';
export { pitchReport } from './pitch-report';
export { credits } from './credits';
export { placements } from './placements';
export { files } from './files';
export { notFound } from './not-found';
export { audit } from './audit';
export { ownData } from './own-data';
export { songImport } from './song-import';
export { downloads } from './downloads';
export { settings } from './settings';
export { loudness } from './loudness';
export { playlists } from './playlists';
export { newSongsMail } from './new-songs-mail';
export { songFacts } from './song-facts';
export { songVersions } from './song-versions';
export { similarity } from './similarity';
export { briefs } from './briefs';
export { briefShortlist } from './brief-shortlist';
export { referenceSearch } from './reference-search';
