import { chordProgression, clickTrack, encodeTestMp3, major, minor, mix } from '../../setup/test-audio';

/**
 * An MP3 made at test time whose tempo and key are known, so the server should detect 128 BPM and A minor: a beat
 * at 128 BPM under Am–F–C–G–Am, 20 s long, as a file input takes it.
 */
export function knownTempoAndKeyMp3(name: string): { name: string; mimeType: string; buffer: Buffer } {
  const sampleRate = 22_050;
  const audio = mix(
    clickTrack({ bpm: 128, seconds: 20, sampleRate }),
    chordProgression({
      chords: [minor(57), major(53), major(60), major(55), minor(57)],
      secondsPerChord: 4,
      wave: 'triangle',
      sampleRate,
    }),
  );
  return { name, mimeType: 'audio/mpeg', buffer: encodeTestMp3(audio, sampleRate, 64) };
}
