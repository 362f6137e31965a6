// What the submissions feature offers the others: the audio picker's rules and looks, for a song's rewrite.
export { AUDIO_ACCEPT, audioProblem } from './submission-form-schema';
export { fileClasses, fileSize } from './song-card';
