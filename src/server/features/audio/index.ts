// What the audio feature offers the others: a song's waveform decoded from its MP3 or WAV, the tempo and key
// read from the same decoding, and its sections and energy curve.
export { NOTHING_DETECTED, detectTempoAndKey, type AudioAnalysis } from './analyse-audio';
export { AnalysisSignal } from './analysis-signal';
export { analyseSections } from './sections';
export { canDrawWaveform, submissionWaveform } from './submission-waveform';
export { computeWaveform, UndecodableAudioError, type Waveform } from './waveform';
