/**
 * A song's measured form and facts in plain words: where its first chorus comes and how long its intro is,
 * against what a listener (or a music supervisor skipping through) waits for. Times arrive written out (m:ss).
 */
export const songFacts = {
  panelTitle: 'Facts',
  notMeasured: 'Not measured yet: the facts show once the audio has been analysed.',
  formNotMeasured: 'Sections not measured yet: they show once the audio is analysed again.',
  tooShortForSections: 'Too short to read its sections (under 20 seconds).',
  noChorus: 'No chorus found: no loud part comes back, so the hook may not stand out.',
  chorusEarly: (at: string) => `The first chorus comes at ${at}: early, before a skipping listener moves on.`,
  chorusWithinMinute: (at: string) => `The first chorus comes at ${at}: within the first minute.`,
  chorusLate: (at: string) => `The first chorus comes at ${at}: late; many listeners and supervisors skip on before a minute.`,
  noIntro: 'No intro: the song starts straight in.',
  introShort: (seconds: string) => `The intro lasts ${seconds} s: short, so the song gets going quickly.`,
  introLong: (seconds: string) => `The intro lasts ${seconds} s: long; a shorter edit may help a pitch.`,
  energy: (peakAt: string) => `Energy over the song, loudest around ${peakAt}.`,
  energyMissing: 'No energy curve yet.',
  sectionBand: (label: string, from: string, to: string) => `${label}, ${from} to ${to}: play from here`,
} as const;
