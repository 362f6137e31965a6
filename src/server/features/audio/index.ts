// What the audio feature offers the others: the analysis pipeline (a queue of jobs that decode a stored MP3 or
// WAV once, in a worker thread, for its waveform and loudness and run the analysers over it: tempo, key, sections
// and energy). Every stored audio file is measured through it, an agreement song's catalogue MP3 too.
export { analyseAudioFile, canDrawWaveform, type FileAnalysis } from './analyse-file';
export { createAnalysisWorker, enqueueAnalysis, type AnalysisWorker } from './analysis-jobs';
export { analysisStateOf, type AnalysisState } from './analysis-admin.service';
export { NOT_MEASURED } from './loudness';
export { compactEnergy, measuredFactColumns, songFactColumns, songFactsOf, type SongFactRow } from './song-facts';
export {
  SOUND_PROFILE_BPM_INDEX,
  SOUND_PROFILE_LENGTH,
  SOUND_PROFILE_PARTS,
  SOUND_PROFILE_VERSION,
  soundProfile,
  type SoundProfilePart,
} from './sound-profile';
