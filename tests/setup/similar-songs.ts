import { Readable } from 'node:stream';
import type { MusicalKey } from '../../src/common/musical-keys';
import type { Arrangement, ChordSound, Degree, Feel, LeadSound, Section } from '../../src/server/db/seed/arrangement';
import { encodeMp3 } from '../../src/server/db/seed/audio';
import { RENDER_SAMPLE_RATE, renderArrangement } from '../../src/server/db/seed/render-arrangement';
import { analyseAudioFile } from '../../src/server/features/audio/analyse-file';
import type { ProfiledSong } from '../../src/server/features/similarity/catalogue-profiles';

/**
 * Songs of known likeness for "more like this", rendered at test time by the demo catalogue's renderer. A
 * family shares its instrumentation (feel, chords, lead), tempo range and harmonic palette (its progressions and
 * mode); its members differ in key, in tempo by a few BPM, in melody (the seed) and in length. The distractors
 * are songs of other sounds, each alone. Clips are kept short so the whole set renders and analyses in a minute or two.
 */
interface Family {
  name: string;
  feel: Feel;
  chords: ChordSound;
  lead: LeadSound;
  progressions: Arrangement['progressions'];
  members: { bpm: number; key: MusicalKey; bars: number }[];
}

const form = (bars: number): [Section, number][] => [
  ['intro', 2],
  ['verse', bars],
  ['chorus', bars],
  ['verse', bars],
  ['chorus', bars],
];
const p = (verse: Degree[], chorus: Degree[], bridge: Degree[]) => ({ verse, chorus, bridge });

export const FAMILIES: Family[] = [
  {
    name: 'ballad',
    feel: 'ballad',
    chords: 'pad',
    lead: 'flute',
    progressions: p([1, 5, 6, 4], [4, 1, 5, 6], [6, 4, 1, 5]),
    members: [
      { bpm: 68, key: 'D major', bars: 4 },
      { bpm: 72, key: 'F major', bars: 4 },
      { bpm: 70, key: 'Bb major', bars: 3 },
      { bpm: 74, key: 'A major', bars: 4 },
      { bpm: 69, key: 'Eb major', bars: 3 },
    ],
  },
  {
    name: 'rock',
    feel: 'rock',
    chords: 'power',
    lead: 'overdrive',
    progressions: p([1, 7, 6, 7], [6, 3, 7, 1], [4, 5, 4, 5]),
    members: [
      { bpm: 148, key: 'E minor', bars: 8 },
      { bpm: 152, key: 'A minor', bars: 6 },
      { bpm: 145, key: 'C# minor', bars: 8 },
      { bpm: 155, key: 'G minor', bars: 7 },
      { bpm: 150, key: 'D minor', bars: 5 },
    ],
  },
  {
    name: 'country train',
    feel: 'train',
    chords: 'strum',
    lead: 'twang',
    progressions: p([1, 4, 1, 5], [4, 1, 5, 1], [4, 4, 1, 1]),
    members: [
      { bpm: 100, key: 'G major', bars: 6 },
      { bpm: 104, key: 'C major', bars: 5 },
      { bpm: 97, key: 'E major', bars: 6 },
      { bpm: 102, key: 'D major', bars: 6 },
      { bpm: 99, key: 'A major', bars: 4 },
    ],
  },
  {
    name: 'dance',
    feel: 'dance',
    chords: 'arpeggio',
    lead: 'synth',
    progressions: p([1, 6, 3, 7], [6, 7, 1, 1], [4, 4, 5, 5]),
    members: [
      { bpm: 124, key: 'A minor', bars: 8 },
      { bpm: 126, key: 'F minor', bars: 6 },
      { bpm: 122, key: 'D minor', bars: 8 },
      { bpm: 128, key: 'B minor', bars: 7 },
      { bpm: 125, key: 'E minor', bars: 5 },
    ],
  },
];

/** Songs of sounds no family has, each its own: they must not crowd a family's neighbours out. */
export const DISTRACTORS: { name: string; bpm: number; key: MusicalKey; arrangement: Omit<Arrangement, 'seed' | 'form'> }[] = [
  {
    name: 'brushes',
    bpm: 112,
    key: 'Eb major',
    arrangement: { feel: 'brushes', chords: 'piano', lead: 'fiddle', progressions: p([2, 5, 1, 6], [4, 5, 3, 6], [2, 5, 1, 1]) },
  },
  {
    name: 'two-step',
    bpm: 132,
    key: 'A major',
    arrangement: { feel: 'two-step', chords: 'strum', lead: 'fiddle', progressions: p([1, 1, 4, 5], [4, 1, 5, 1], [6, 4, 5, 5]) },
  },
  {
    name: 'hymn',
    bpm: 60,
    key: 'F major',
    arrangement: { feel: 'hymn', chords: 'organ', lead: 'bell', progressions: p([1, 4, 1, 5], [6, 4, 1, 5], [4, 1, 4, 5]) },
  },
  {
    name: 'pop piano',
    bpm: 92,
    key: 'C minor',
    arrangement: { feel: 'pop', chords: 'piano', lead: 'bell', progressions: p([6, 4, 1, 5], [1, 5, 6, 4], [2, 4, 5, 5]) },
  },
  {
    name: 'pop synth',
    bpm: 116,
    key: 'G major',
    arrangement: { feel: 'pop', chords: 'strum', lead: 'synth', progressions: p([1, 5, 6, 4], [4, 5, 1, 1], [6, 5, 4, 5]) },
  },
];

/** A clip's length: enough for verses and choruses, short enough to render and analyse quickly. */
export const CLIP_SECONDS = 40;

export interface RenderedSong {
  name: string;
  family: string | null;
  song: ProfiledSong;
}

/** Renders one song, encodes it as the MP3 an upload would be, and measures it through the analysis pipeline. */
async function measured(id: string, bpm: number, key: MusicalKey, arrangement: Arrangement): Promise<ProfiledSong> {
  const pcm = renderArrangement({ bpm, musicalKey: key, arrangement }, { maxSeconds: CLIP_SECONDS });
  const mp3 = encodeMp3(pcm, RENDER_SAMPLE_RATE);
  const { facts, waveform } = await analyseAudioFile('audio/mpeg', Readable.from([mp3]));
  if (!facts.soundProfile) throw new Error(`${id}: no sound profile`);
  return {
    id,
    slug: id,
    title: id,
    genre: null,
    bpm: facts.bpm ?? null,
    key: facts.key ?? null,
    isOneStop: false,
    firstChorusSeconds: facts.sections?.firstChorusSeconds ?? null,
    introSeconds: facts.sections?.introSeconds ?? null,
    durationSeconds: waveform.durationSeconds,
    profile: facts.soundProfile.values,
    lyrics: '',
  };
}

/** Every family member and distractor, rendered and measured, in a stable order. */
export async function renderSimilarSongs(): Promise<RenderedSong[]> {
  const out: RenderedSong[] = [];
  for (const family of FAMILIES) {
    for (const [i, member] of family.members.entries()) {
      const name = `${family.name} ${i + 1}`;
      const arrangement = {
        feel: family.feel,
        chords: family.chords,
        lead: family.lead,
        progressions: family.progressions,
        form: form(member.bars),
        seed: 101 + 37 * i + member.bpm,
      };
      out.push({ name, family: family.name, song: await measured(name, member.bpm, member.key, arrangement) });
    }
  }
  for (const [i, d] of DISTRACTORS.entries()) {
    const arrangement = { ...d.arrangement, form: form(6), seed: 900 + i };
    out.push({ name: d.name, family: null, song: await measured(d.name, d.bpm, d.key, arrangement) });
  }
  return out;
}
