import { MUSICAL_KEYS, type MusicalKey } from '../../../common/musical-keys';

/**
 * A demo song's arrangement: how its drums, bass, chords and lead play (its feel and sounds), its chords by
 * scale degree, and its form. The song's tempo and key come from its catalogue row, so what is heard matches
 * the figures the catalogue shows. render-arrangement.ts turns one into samples.
 */
export interface Arrangement {
  /** The drum and bass patterns. */
  feel: Feel;
  chords: ChordSound;
  lead: LeadSound;
  /** One chord a bar, by scale degree (1 = the tonic's triad), played over and over through a section. */
  progressions: { verse: Degree[]; chorus: Degree[]; bridge: Degree[] };
  /** The sections in order, with their length in bars of four beats. */
  form: [Section, number][];
  /** Chooses the lead's tunes and the drums' small variations; the same seed always gives the same song. */
  seed: number;
}

export type Degree = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export type Section = 'intro' | 'verse' | 'chorus' | 'bridge' | 'solo' | 'outro';
export type Feel = 'train' | 'ballad' | 'dance' | 'brushes' | 'pop' | 'two-step' | 'hymn' | 'rock';
export type ChordSound = 'strum' | 'arpeggio' | 'pad' | 'piano' | 'organ' | 'power';
export type LeadSound = 'twang' | 'flute' | 'synth' | 'fiddle' | 'bell' | 'overdrive';

/** What the renderer needs: the arrangement with the song's own tempo and key. */
export interface SongToRender {
  bpm: number;
  musicalKey: MusicalKey;
  arrangement: Arrangement;
}

export const BEATS_PER_BAR = 4;

/** Seconds a song's form lasts, without the last chord's ring. */
export function formSeconds({ bpm, arrangement }: Pick<SongToRender, 'bpm' | 'arrangement'>): number {
  const bars = arrangement.form.reduce((sum, [, n]) => sum + n, 0);
  return (bars * BEATS_PER_BAR * 60) / bpm;
}

/** Where each section starts and ends, in seconds. */
export function sectionTimes({ bpm, arrangement }: Pick<SongToRender, 'bpm' | 'arrangement'>) {
  const bar = (BEATS_PER_BAR * 60) / bpm;
  let at = 0;
  return arrangement.form.map(([section, bars]) => {
    const start = at;
    at += bars * bar;
    return { section, start, end: at };
  });
}

/** The key's tonic as a pitch class (C = 0) and its mode: MUSICAL_KEYS lists twelve majors then twelve minors, from C. */
export function keyOf(musicalKey: MusicalKey): { tonic: number; minor: boolean } {
  const index = MUSICAL_KEYS.indexOf(musicalKey);
  return { tonic: index % 12, minor: index >= 12 };
}
