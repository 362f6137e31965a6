// What the audio feature offers the others: the analysis pipeline (a queue of jobs that decode a stored MP3 or
// WAV once for its waveform and loudness and run the analysers over it: tempo, key, sections and energy), and
// the decoders the agreement songs' step uses.
export { AnalysisSignal, everySink } from './analysis-signal';
export { analyseAudioFile, canDrawWaveform, type FileAnalysis } from './analyse-file';
export { createAnalysisWorker, enqueueAnalysis, type AnalysisWorker } from './analysis-jobs';
export { analysisStateOf, type AnalysisState } from './analysis-admin.service';
export { LoudnessMeter, NOT_MEASURED } from './loudness';
export { computeWaveform, UndecodableAudioError, type Waveform } from './waveform';
export { compactEnergy, measuredFactColumns, songFactColumns, songFactsOf, type SongFactRow } from './song-facts';
