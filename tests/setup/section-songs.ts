import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Arrangement, Section, SongToRender } from '../../src/server/db/seed/arrangement';
import { sectionTimes } from '../../src/server/db/seed/arrangement';
import { renderDemoAudio } from '../../src/server/db/seed/demo-audio';
import { RENDER_SAMPLE_RATE, renderArrangement } from '../../src/server/db/seed/render-arrangement';
import { AnalysisSignal } from '../../src/server/features/audio/analysis-signal';
import type { SongSections } from '../../src/common/responses/audio-analysis';

/**
 * Songs of known form for the section analysis, rendered at test time by the demo catalogue's renderer: slow
 * and fast, with and without intro, outro and bridge, short and long verses and choruses, a double chorus at
 * the end. Each is a few bars a section, so the whole set renders and analyses in seconds.
 */
type Form = [Section, number][];
const song = (name: string, bpm: number, musicalKey: SongToRender['musicalKey'], sound: Partial<Arrangement>, form: Form) => ({
  name,
  song: {
    bpm,
    musicalKey,
    arrangement: {
      feel: 'pop',
      chords: 'strum',
      lead: 'synth',
      progressions: { verse: [1, 5, 6, 4], chorus: [4, 1, 5, 6], bridge: [6, 4, 1, 5] },
      seed: bpm,
      ...sound,
      form,
    } satisfies Arrangement,
  },
});

export const SECTION_SONGS = [
  song('ballad 70', 70, 'D major', { feel: 'ballad', chords: 'pad', lead: 'flute' }, [
    ['intro', 2],
    ['verse', 4],
    ['chorus', 4],
    ['verse', 4],
    ['chorus', 4],
    ['bridge', 4],
    ['chorus', 4],
    ['chorus', 4],
    ['outro', 2],
  ]),
  song(
    'rock 150, no intro',
    150,
    'E minor',
    { feel: 'rock', chords: 'power', lead: 'overdrive', progressions: { verse: [1, 7, 6, 7], chorus: [6, 3, 7, 1], bridge: [4, 5, 4, 5] } },
    [
      ['verse', 8],
      ['chorus', 8],
      ['verse', 8],
      ['chorus', 8],
      ['chorus', 8],
      ['outro', 4],
    ],
  ),
  song('train 92, long verse', 92, 'G major', { feel: 'train', chords: 'strum', lead: 'twang' }, [
    ['intro', 4],
    ['verse', 8],
    ['chorus', 8],
    ['verse', 16],
    ['chorus', 8],
    ['bridge', 8],
    ['chorus', 8],
    ['outro', 4],
  ]),
  song(
    'dance 124',
    124,
    'A minor',
    { feel: 'dance', chords: 'arpeggio', lead: 'synth', progressions: { verse: [1, 6, 3, 7], chorus: [6, 7, 1, 1], bridge: [4, 4, 5, 5] } },
    [
      ['intro', 8],
      ['verse', 8],
      ['chorus', 8],
      ['verse', 8],
      ['chorus', 8],
      ['bridge', 8],
      ['chorus', 16],
      ['outro', 4],
    ],
  ),
  song(
    'brushes 84, no bridge',
    84,
    'F major',
    { feel: 'brushes', chords: 'piano', lead: 'bell', progressions: { verse: [1, 6, 2, 5], chorus: [4, 5, 3, 6], bridge: [2, 5, 1, 1] } },
    [
      ['verse', 8],
      ['chorus', 8],
      ['verse', 8],
      ['chorus', 8],
      ['outro', 4],
    ],
  ),
  song('pop 104, long verses', 104, 'C major', { feel: 'pop', chords: 'strum', lead: 'synth' }, [
    ['intro', 4],
    ['verse', 16],
    ['chorus', 8],
    ['verse', 16],
    ['chorus', 8],
    ['outro', 4],
  ]),
  song(
    'two-step 132, double chorus end',
    132,
    'A major',
    {
      feel: 'two-step',
      chords: 'organ',
      lead: 'fiddle',
      progressions: { verse: [1, 4, 1, 5], chorus: [4, 5, 1, 6], bridge: [6, 5, 4, 5] },
    },
    [
      ['intro', 4],
      ['verse', 8],
      ['chorus', 8],
      ['verse', 8],
      ['chorus', 8],
      ['bridge', 8],
      ['chorus', 8],
      ['chorus', 8],
    ],
  ),
  song(
    'hymn 76, short choruses',
    76,
    'Bb major',
    { feel: 'hymn', chords: 'organ', lead: 'flute', progressions: { verse: [1, 4, 5, 1], chorus: [4, 1, 2, 5], bridge: [6, 3, 4, 5] } },
    [
      ['intro', 2],
      ['verse', 8],
      ['chorus', 4],
      ['verse', 8],
      ['chorus', 4],
      ['bridge', 4],
      ['chorus', 4],
      ['outro', 2],
    ],
  ),
  song(
    'rock 140, short verses',
    140,
    'D minor',
    { feel: 'rock', chords: 'piano', lead: 'twang', progressions: { verse: [1, 1, 4, 5], chorus: [6, 7, 1, 5], bridge: [4, 6, 4, 5] } },
    [
      ['intro', 4],
      ['verse', 4],
      ['chorus', 8],
      ['verse', 4],
      ['chorus', 8],
      ['bridge', 4],
      ['chorus', 8],
      ['outro', 4],
    ],
  ),
  song(
    'pop 112, no intro or outro',
    112,
    'Eb major',
    { feel: 'pop', chords: 'pad', lead: 'bell', progressions: { verse: [6, 4, 1, 5], chorus: [1, 5, 6, 4], bridge: [2, 3, 4, 5] } },
    [
      ['verse', 8],
      ['chorus', 8],
      ['verse', 8],
      ['chorus', 8],
      ['bridge', 8],
      ['chorus', 8],
    ],
  ),
];

/**
 * The known sections: the renderer's, with a chorus played twice running taken as one (nothing but a drum fill
 * marks the seam between two identical choruses, and a listener hears one long chorus).
 */
export function knownSections(song: SongToRender): { section: Section; start: number; end: number }[] {
  const joined: { section: Section; start: number; end: number }[] = [];
  for (const part of sectionTimes(song)) {
    const last = joined.at(-1);
    if (last?.section === part.section) last.end = part.end;
    else joined.push({ ...part });
  }
  return joined;
}

/** The song as the analysis gets it from an upload: mono, low-passed and decimated by AnalysisSignal. */
export function renderForAnalysis(song: SongToRender): AnalysisSignal {
  const pcm = renderArrangement(song);
  const signal = new AnalysisSignal();
  const piece = new Float32Array(1152);
  for (let i = 0; i < pcm.length; i += piece.length) {
    const count = Math.min(piece.length, pcm.length - i);
    for (let j = 0; j < count; j++) piece[j] = pcm[i + j]! / 32_768;
    signal.add([piece], count, RENDER_SAMPLE_RATE);
  }
  return signal;
}

/** A found boundary within this many seconds of a known one is a hit. */
export const TOLERANCE_SECONDS = 2;

export interface SectionScore {
  known: number[];
  found: number[];
  /** Known boundaries with a found one within the tolerance. */
  hits: number;
  /** Found boundaries with no known one within the tolerance. */
  extra: number;
  knownFirstChorus: number | null;
  firstChorusFound: boolean;
  /** Known sections whose middle lies in a found section of the same name (reported, not a target). */
  labelsAgreeing: number;
  sections: number;
}

/** How the found sections compare with the known ones: inner boundaries (the start of each section but the first). */
export function scoreSections(song: SongToRender, found: SongSections): SectionScore {
  const truth = knownSections(song);
  const known = truth.slice(1).map((s) => s.start);
  const starts = found.sections.slice(1).map((s) => s.start);
  const near = (a: number, list: number[]) => list.some((b) => Math.abs(a - b) <= TOLERANCE_SECONDS);
  const knownFirstChorus = truth.find((s) => s.section === 'chorus')?.start ?? null;
  return {
    known,
    found: starts,
    hits: known.filter((k) => near(k, starts)).length,
    extra: starts.filter((f) => !near(f, known)).length,
    knownFirstChorus,
    firstChorusFound:
      knownFirstChorus !== null &&
      found.firstChorusSeconds !== null &&
      Math.abs(found.firstChorusSeconds - knownFirstChorus) <= TOLERANCE_SECONDS,
    labelsAgreeing: truth.filter(({ section, start, end }) => {
      const middle = (start + end) / 2;
      return found.sections.some((s) => s.label === section && s.start <= middle && middle < s.end);
    }).length,
    sections: truth.length,
  };
}

/**
 * Two songs of known form for the pages that show the facts, whole sections of eight bars so the analysis
 * finds them: one straight into its verse with an early chorus, one with an intro and a long verse.
 */
const factSong = (form: Form, seed: number): SongToRender => ({
  bpm: 124,
  musicalKey: 'A minor',
  arrangement: {
    feel: 'dance',
    chords: 'arpeggio',
    lead: 'synth',
    progressions: { verse: [1, 6, 3, 7], chorus: [6, 7, 1, 1], bridge: [4, 4, 5, 5] },
    seed,
    form,
  },
});
export const FACT_SONGS = {
  /** No intro; first chorus at 15.5 s; 62 s long. */
  early: factSong(
    [
      ['verse', 8],
      ['chorus', 8],
      ['verse', 8],
      ['chorus', 8],
    ],
    124,
  ),
  /** A 7.7 s intro; first chorus at 38.7 s; 85 s long. */
  late: factSong(
    [
      ['intro', 4],
      ['verse', 16],
      ['chorus', 8],
      ['verse', 8],
      ['chorus', 8],
    ],
    125,
  ),
} satisfies Record<string, SongToRender>;

/** Where a song's first chorus starts and its intro ends, as it was rendered. */
export function knownFacts(song: SongToRender): { firstChorusSeconds: number; introSeconds: number } {
  const sections = knownSections(song);
  const intro = sections[0]?.section === 'intro' ? sections[0].end : 0;
  return { firstChorusSeconds: sections.find((s) => s.section === 'chorus')!.start, introSeconds: intro };
}

/**
 * The fact songs as MP3s (the demo catalogue's encoding), rendered in worker threads and kept in the system's
 * temporary folder, so a second run reads them back instead of encoding again.
 */
export async function factSongMp3s(): Promise<Record<keyof typeof FACT_SONGS, Buffer>> {
  const names = Object.keys(FACT_SONGS) as (keyof typeof FACT_SONGS)[];
  const cacheDir = path.join(tmpdir(), 'pitchroom-fact-songs');
  const mp3s = await Promise.all(
    renderDemoAudio(
      names.map((name) => ({ song: FACT_SONGS[name] })),
      { cacheDir },
    ),
  );
  return Object.fromEntries(names.map((name, i) => [name, mp3s[i]!])) as Record<keyof typeof FACT_SONGS, Buffer>;
}
