import type { MusicalKey } from '../musical-keys';

/** The song form's audio upload and what is detected in it (decision 0052). */
export const audioAnalysis = {
  uploading: (percent: number) => `Uploading the audio… ${percent}%`,
  storing: 'Storing the audio…',
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
  /** Why an analysis job failed, as the admin reads it beside the file (analysis_jobs.last_error). */
  jobFailed: {
    undecodable: (detail: string) => `The file does not play as audio (${detail}). Upload a working MP3 or WAV in its place.`,
    unreadable: (detail: string) => `The stored file could not be read (${detail}).`,
    time: (seconds: number) => `The analysis took longer than ${seconds} seconds and was stopped.`,
    memory: (megabytes: number) => `The analysis needed more than ${megabytes} MB of memory and was stopped.`,
    error: (detail: string) => `The analysis failed: ${detail}`,
    stoppedMidway: (tries: number) => `The analysis stopped midway ${tries} times (its server stopped or restarted), so it was given up.`,
  },
  analysisPending: 'Measuring the waveform, tempo and key…',
  analysisFailed: 'The audio could not be analysed. The admin dashboard lists why; the song plays on a plain bar meanwhile.',
  retried: 'The analysis is queued again.',
  notFailed: 'This analysis has not failed: it is queued, under way or done.',
  jobNotFound: 'This analysis no longer exists: its file was removed.',
  retryFailedJob: (name: string) => `Analyse “${name}” again`,
  failedJobsTitle: 'Audio that could not be analysed',
  failedJobsDescription: 'Files whose waveform, tempo and key could not be measured, and why. Fix the cause, then analyse them again.',
} as const;
