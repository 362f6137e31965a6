// What the submissions feature offers the others: the audio picker's rules, for a song's rewrite.
export { AUDIO_ACCEPT, audioProblem } from './submission-form-schema';
