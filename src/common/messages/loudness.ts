/**
 * What a song's measured loudness means for streaming, in plain words. Each takes the numbers already
 * written out (one decimal, a true minus sign), so the sentences read as the figures an engineer quotes.
 */
export const loudness = {
  silent: 'Too quiet to measure: the audio is silent or nearly so.',
  louder: (lufs: string, db: string) => `${lufs} LUFS: louder than streaming services play; it will be turned down by about ${db} dB.`,
  quieter: (lufs: string, db: string) =>
    `${lufs} LUFS: quieter than streaming services play; it may sound about ${db} dB quieter than the songs around it.`,
  onTarget: (lufs: string, target: string) =>
    `${lufs} LUFS: close to the ${target} LUFS streaming services play at; it will play about as it is.`,
  peakOverFullScale: (dbtp: string) => `True peak ${dbtp} dBTP: over full scale; it may clip on playback and after encoding.`,
  peakNoHeadroom: (dbtp: string, ceiling: string) =>
    `True peak ${dbtp} dBTP: above the ${ceiling} dBTP streaming services ask for; it may clip after encoding.`,
  peakSafe: (dbtp: string, ceiling: string) => `True peak ${dbtp} dBTP: within the ${ceiling} dBTP streaming services ask for.`,
  rangeCompressed: (lu: string) => `Loudness range ${lu} LU: its quiet and loud parts barely differ (heavily compressed).`,
  rangeUsual: (lu: string) => `Loudness range ${lu} LU: a usual spread between its quiet and loud parts.`,
  rangeWide: (lu: string) => `Loudness range ${lu} LU: wide; its quiet parts may be hard to hear in a car or on a phone.`,
} as const;
