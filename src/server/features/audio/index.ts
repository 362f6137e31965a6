// What the audio feature offers the others: a song's waveform decoded from its MP3 or WAV, the tempo, key and
// loudness read from the same decoding, and its sections and energy curve.
export { NOTHING_DETECTED, detectTempoAndKey, type AudioAnalysis } from './analyse-audio';
export { AnalysisSignal, everySink } from './analysis-signal';
export { LoudnessMeter, NOT_MEASURED } from './loudness';
export { analyseSections } from './sections';
export { canDrawWaveform, submissionWaveform } from './submission-waveform';
export { computeWaveform, UndecodableAudioError, type Waveform } from './waveform';
