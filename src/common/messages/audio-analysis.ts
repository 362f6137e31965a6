import type { MusicalKey } from '../musical-keys';

/** The song form's audio upload and what is detected in it (decision 0052). */
export const audioAnalysis = {
  uploading: (percent: number) => `Uploading the audio… ${percent}%`,
  analysing: 'Reading the tempo and key…',
  uploaded: (name: string) => `“${name}” is uploaded. It becomes the song’s audio when you save.`,
  uploadFailed: 'The audio could not be uploaded. Please choose the file again.',
  uploadUnavailable:
    'This uploaded audio can no longer be used: another song took it, or it was left unsaved for more than a day. Please choose the file again.',
  detectedBadge: 'Detected',
  detectedHint: 'Read from the audio: check it, then confirm or change it.',
  confirm: 'Confirm',
  confirmLabel: (what: string) => `Confirm the detected ${what}`,
  confirmed: (what: string) => `${what} confirmed.`,
  detectedKey: (key: MusicalKey) => `Detected key: ${key}`,
  detectedBpmKept: (bpm: number) => `The audio sounds like ${bpm} BPM; the BPM you entered is kept.`,
  nothingDetected: 'No steady tempo or clear key could be read from this audio. Fill in the BPM yourself if the song has one.',
  noTempo: 'No steady tempo could be read from this audio.',
} as const;
