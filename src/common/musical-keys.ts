/**
 * The 24 keys a song may be in, stored and shown as written here: twelve major keys then twelve minor keys,
 * each by its tonic's pitch class from C (index 0) to B (index 11), spelled as its key signature usually is
 * (Eb major, C# minor). One list for the admin form, the catalogue's filter, the database's checks and key
 * detection, which names its answer with `musicalKey`.
 */
export const MUSICAL_KEYS = [
  'C major',
  'Db major',
  'D major',
  'Eb major',
  'E major',
  'F major',
  'F# major',
  'G major',
  'Ab major',
  'A major',
  'Bb major',
  'B major',
  'C minor',
  'C# minor',
  'D minor',
  'Eb minor',
  'E minor',
  'F minor',
  'F# minor',
  'G minor',
  'G# minor',
  'A minor',
  'Bb minor',
  'B minor',
] as const;
export type MusicalKey = (typeof MUSICAL_KEYS)[number];

/** The key with this tonic (0 = C … 11 = B) and mode: `musicalKey(9, 'minor')` is "A minor". */
export const musicalKey = (tonic: number, mode: 'major' | 'minor'): MusicalKey =>
  MUSICAL_KEYS[(((tonic % 12) + 12) % 12) + (mode === 'minor' ? 12 : 0)]!;
