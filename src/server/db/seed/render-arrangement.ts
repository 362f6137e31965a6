import { random } from './audio';
import { BEATS_PER_BAR, formSeconds, keyOf, type Arrangement, type Degree, type Section, type SongToRender } from './arrangement';

/**
 * Renders an arrangement (arrangement.ts) to mono samples: drums, bass, chords and a lead line, each section
 * with its own parts and level, so a chorus is fuller and louder than a verse and a bridge drops back. Every
 * instrument is a few sine partials with envelopes (and noise for the drums), written note by note into one
 * buffer; the same song always gives the same samples.
 *
 * RENDERER_VERSION is part of the cache key of rendered songs (demo-audio.ts): raise it whenever a change here
 * changes a single sample.
 */
export const RENDERER_VERSION = 1;
export const RENDER_SAMPLE_RATE = 22_050;
/** The last chord rings on after the form ends. */
const TAIL_SECONDS = 2.5;
const SR = RENDER_SAMPLE_RATE;
const STEPS_PER_BAR = 16;

/** How each section is played: which parts, how busy, how loud. */
interface Shape {
  /** 0 none, 1 light (kick, rim, soft hats), 2 the full groove. */
  drums: 0 | 1 | 2;
  /** 0 none, 1 on the downbeats, 2 the feel's pattern. */
  bass: 0 | 1 | 2;
  chords: number;
  /** The chords doubled an octave up: a fuller sound. */
  wide: boolean;
  lead: 'verse' | 'chorus' | 'bridge' | 'solo' | null;
  level: number;
  progression: keyof Arrangement['progressions'];
}

const SHAPES: Record<Section, Shape> = {
  intro: { drums: 0, bass: 0, chords: 0.8, wide: false, lead: 'chorus', level: 0.45, progression: 'verse' },
  verse: { drums: 1, bass: 1, chords: 0.6, wide: false, lead: 'verse', level: 0.6, progression: 'verse' },
  chorus: { drums: 2, bass: 2, chords: 0.9, wide: true, lead: 'chorus', level: 1, progression: 'chorus' },
  bridge: { drums: 0, bass: 1, chords: 0.9, wide: false, lead: 'bridge', level: 0.42, progression: 'bridge' },
  solo: { drums: 2, bass: 2, chords: 0.7, wide: false, lead: 'solo', level: 0.9, progression: 'chorus' },
  outro: { drums: 1, bass: 1, chords: 0.8, wide: false, lead: null, level: 0.55, progression: 'verse' },
};

// ---------------------------------------------------------------- the grooves

interface Groove {
  /** Sixteen steps a bar: x a hit, o a softer one, . nothing. */
  kick: string;
  snare: string;
  hats: string;
  /** The bass: [step, semitones above the chord's root, length in steps]. */
  bass: [number, number, number][];
  /** Strums or stabs of the chords: [step, length in steps]. */
  comp: [number, number][];
  /** How late the off-beat sixteenths are, as a share of a step. */
  swing: number;
  /** The snare's sound: a full snare, a hand clap, or brushes. */
  snareSound: 'snare' | 'clap' | 'brush';
}

const GROOVES: Record<Arrangement['feel'], Groove> = {
  train: {
    kick: 'x.......x.......',
    snare: '....x..o....x..o',
    hats: 'xoooxoooxoooxooo',
    bass: [
      [0, 0, 6],
      [8, 7, 6],
    ],
    comp: [
      [0, 4],
      [4, 2],
      [6, 2],
      [8, 4],
      [12, 2],
      [14, 2],
    ],
    swing: 0,
    snareSound: 'snare',
  },
  ballad: {
    kick: 'x.........x.....',
    snare: '........x.......',
    hats: 'x.o.x.o.x.o.x.o.',
    bass: [
      [0, 0, 10],
      [10, 7, 6],
    ],
    comp: [
      [0, 8],
      [8, 8],
    ],
    swing: 0,
    snareSound: 'snare',
  },
  dance: {
    kick: 'x...x...x...x...',
    snare: '....x.......x...',
    hats: 'o.x.o.x.o.x.o.xo',
    bass: [
      [2, 0, 2],
      [6, 0, 2],
      [10, 12, 2],
      [14, 0, 2],
    ],
    comp: [
      [0, 3],
      [3, 3],
      [6, 2],
      [8, 3],
      [11, 3],
      [14, 2],
    ],
    swing: 0,
    snareSound: 'clap',
  },
  brushes: {
    kick: 'x.......o.......',
    snare: '....x.......x...',
    hats: '..o...o...o...o.',
    bass: [
      [0, 0, 8],
      [8, 7, 8],
    ],
    comp: [
      [0, 2],
      [2, 2],
      [4, 2],
      [6, 2],
      [8, 2],
      [10, 2],
      [12, 2],
      [14, 2],
    ],
    swing: 0.3,
    snareSound: 'brush',
  },
  pop: {
    kick: 'x.....x...x.....',
    snare: '....x.......x...',
    hats: 'x.o.x.o.x.o.x.oo',
    bass: [
      [0, 0, 5],
      [6, 0, 3],
      [10, 7, 4],
      [14, 12, 2],
    ],
    comp: [
      [0, 6],
      [6, 4],
      [10, 6],
    ],
    swing: 0,
    snareSound: 'snare',
  },
  'two-step': {
    kick: 'x.......x.......',
    snare: '....x.......x...',
    hats: 'x.o.x.o.x.o.x.o.',
    bass: [
      [0, 0, 4],
      [4, 7, 4],
      [8, 0, 4],
      [12, -5, 4],
    ],
    comp: [
      [4, 2],
      [12, 2],
      [14, 2],
    ],
    swing: 0.2,
    snareSound: 'snare',
  },
  hymn: {
    kick: 'x.......o.......',
    snare: '........o.......',
    hats: 'o...o...o...o...',
    bass: [
      [0, 0, 8],
      [8, 7, 8],
    ],
    comp: [[0, 16]],
    swing: 0,
    snareSound: 'brush',
  },
  rock: {
    kick: 'x.x.....x.x..x..',
    snare: '....x.......x...',
    hats: 'x.x.x.x.x.x.x.x.',
    bass: [
      [0, 0, 2],
      [2, 0, 2],
      [4, 0, 2],
      [6, 0, 2],
      [8, 0, 2],
      [10, 0, 2],
      [12, 7, 2],
      [14, 12, 2],
    ],
    comp: [
      [0, 2],
      [2, 2],
      [4, 2],
      [6, 2],
      [8, 2],
      [10, 2],
      [12, 2],
      [14, 2],
    ],
    swing: 0,
    snareSound: 'snare',
  },
};

// ---------------------------------------------------------------- the sounds

/** [frequency ratio, amplitude, decay per second (0 sustains)] */
type Partial = readonly [number, number, number];

interface Voice {
  partials: readonly Partial[];
  gain: number;
  attack: number;
  release: number;
  /** Vibrato: rate in Hz, depth in semitones, and how long after the note starts it comes in. */
  vibrato?: readonly [number, number, number];
  /** Overdrive: how hard the note is pushed into tanh. */
  drive?: number;
}

const saw = (n: number, decay = 0): Partial[] => Array.from({ length: n }, (_, i) => [i + 1, 1 / (i + 1), decay * (i + 1)] as const);

const CHORD_VOICES: Record<Arrangement['chords'], Voice> = {
  strum: {
    partials: [
      [1, 1, 2.5],
      [2, 0.7, 4],
      [3, 0.45, 6],
      [4, 0.3, 8],
      [5, 0.18, 11],
      [6, 0.1, 14],
    ],
    gain: 0.07,
    attack: 0.002,
    release: 0.05,
  },
  arpeggio: {
    partials: [
      [1, 1, 1.5],
      [2, 0.5, 3],
      [3, 0.3, 5],
      [4, 0.15, 7],
    ],
    gain: 0.11,
    attack: 0.002,
    release: 0.3,
  },
  pad: { partials: saw(6, 0.05), gain: 0.05, attack: 0.25, release: 0.35 },
  piano: {
    partials: [
      [1, 1, 1.2],
      [2, 0.55, 2],
      [3, 0.3, 3],
      [4, 0.16, 4.5],
      [5, 0.08, 6],
    ],
    gain: 0.09,
    attack: 0.003,
    release: 0.2,
  },
  organ: {
    partials: [
      [0.5, 0.45, 0],
      [1, 1, 0],
      [2, 0.6, 0],
      [3, 0.35, 0],
      [4, 0.2, 0],
    ],
    gain: 0.045,
    attack: 0.06,
    release: 0.15,
  },
  power: { partials: saw(7, 0.3), gain: 0.06, attack: 0.004, release: 0.04, drive: 3 },
};

const LEAD_VOICES: Record<Arrangement['lead'], Voice> = {
  twang: {
    partials: [
      [1, 1, 3],
      [2, 0.8, 5],
      [3, 0.55, 7],
      [4, 0.4, 9],
      [5, 0.25, 12],
    ],
    gain: 0.16,
    attack: 0.002,
    release: 0.06,
  },
  flute: {
    partials: [
      [1, 1, 0],
      [2, 0.22, 0],
      [3, 0.07, 0],
    ],
    gain: 0.16,
    attack: 0.06,
    release: 0.12,
    vibrato: [5, 0.18, 0.18],
  },
  synth: {
    partials: [
      [1, 1, 0.8],
      [3, 0.33, 1.2],
      [5, 0.2, 1.6],
      [7, 0.14, 2],
    ],
    gain: 0.13,
    attack: 0.008,
    release: 0.06,
  },
  fiddle: { partials: saw(7), gain: 0.09, attack: 0.09, release: 0.12, vibrato: [5.5, 0.22, 0.15] },
  bell: {
    partials: [
      [1, 1, 2],
      [2, 0.35, 3],
      [2.76, 0.3, 4.5],
      [5.4, 0.12, 7],
    ],
    gain: 0.15,
    attack: 0.002,
    release: 0.3,
  },
  overdrive: { partials: saw(6, 0.2), gain: 0.08, attack: 0.01, release: 0.08, drive: 4, vibrato: [6, 0.25, 0.3] },
};

const BASS_VOICE: Voice = {
  partials: [
    [1, 1, 1.5],
    [2, 0.45, 3],
    [3, 0.2, 5],
    [4, 0.1, 7],
  ],
  gain: 0.3,
  attack: 0.005,
  release: 0.05,
};

const midiToHz = (note: number) => 440 * 2 ** ((note - 69) / 12);

/** Adds one note of a voice to `out`: `seconds` long, then its release. */
function note(out: Float32Array, at: number, seconds: number, midi: number, velocity: number, voice: Voice) {
  const start = Math.round(at * SR);
  if (start >= out.length || velocity <= 0) return;
  const held = Math.round(seconds * SR);
  const releaseSamples = Math.max(1, Math.round(voice.release * SR));
  const length = Math.min(out.length - start, held + releaseSamples);
  const attack = Math.max(1, Math.round(voice.attack * SR));
  const buffer = new Float64Array(length);
  const freq = midiToHz(midi);
  for (const [ratio, amp, decay] of voice.partials) {
    const f = freq * ratio;
    if (f >= SR * 0.45) continue;
    const fade = Math.exp(-decay / SR);
    let env = amp;
    if (voice.vibrato) {
      const [rate, depth, delay] = voice.vibrato;
      let phase = 0;
      for (let i = 0; i < length; i++) {
        const t = i / SR;
        const wobble = t > delay ? Math.sin(2 * Math.PI * rate * t) * depth * Math.min(1, (t - delay) * 4) : 0;
        phase += (2 * Math.PI * f * 2 ** (wobble / 12)) / SR;
        buffer[i]! += Math.sin(phase) * env;
        env *= fade;
      }
    } else {
      // A rotating phasor: a sine without calling Math.sin for every sample.
      const w = (2 * Math.PI * f) / SR;
      const c = Math.cos(w);
      const s = Math.sin(w);
      let x = 0;
      let y = 1;
      for (let i = 0; i < length; i++) {
        buffer[i]! += x * env;
        const nx = x * c + y * s;
        y = y * c - x * s;
        x = nx;
        env *= fade;
      }
    }
  }
  const gain = voice.gain * velocity;
  for (let i = 0; i < length; i++) {
    let shape = Math.min(1, i / attack);
    if (i > held) shape *= 1 - (i - held) / releaseSamples;
    let value = buffer[i]! * shape;
    if (voice.drive) value = Math.tanh(value * voice.drive) / Math.tanh(voice.drive);
    out[start + i]! += value * gain;
  }
}

type Noise = () => number;

/** A decaying burst of noise, brightened by `highpass` (0 keeps it full, near 1 leaves only the hiss). */
function noiseHit(out: Float32Array, at: number, seconds: number, decay: number, gain: number, highpass: number, noise: Noise) {
  const start = Math.round(at * SR);
  const length = Math.min(out.length - start, Math.round(seconds * SR));
  let previous = 0;
  let env = gain;
  const fade = Math.exp(-decay / SR);
  for (let i = 0; i < length; i++) {
    const white = noise() * 2 - 1;
    out[start + i]! += (white - previous * highpass) * env;
    previous = white;
    env *= fade;
  }
}

function kick(out: Float32Array, at: number, velocity: number) {
  const start = Math.round(at * SR);
  const length = Math.min(out.length - start, Math.round(0.4 * SR));
  let phase = 0;
  for (let i = 0; i < length; i++) {
    const t = i / SR;
    phase += (2 * Math.PI * (48 + 95 * Math.exp(-t * 28))) / SR;
    out[start + i]! += Math.sin(phase) * Math.exp(-t * 8) * 0.55 * velocity;
  }
}

function snare(out: Float32Array, at: number, velocity: number, sound: Groove['snareSound'], noise: Noise) {
  if (sound === 'brush') return noiseHit(out, at, 0.22, 14, 0.09 * velocity, 0.3, noise);
  if (sound === 'clap') {
    for (const offset of [0, 0.011, 0.022]) noiseHit(out, at + offset, 0.02, 60, 0.12 * velocity, 0.5, noise);
    return noiseHit(out, at + 0.033, 0.25, 16, 0.13 * velocity, 0.5, noise);
  }
  note(out, at, 0.05, 54, velocity, { partials: [[1, 1, 25]], gain: 0.22, attack: 0.001, release: 0.08 });
  noiseHit(out, at, 0.25, 18, 0.2 * velocity, 0.6, noise);
}

// ---------------------------------------------------------------- the tunes

/** A note of a tune: its start and length in steps from the phrase's start, and a scale step (0 = the tonic). */
interface TuneNote {
  step: number;
  length: number;
  pitch: number;
}

const RHYTHMS: Record<'verse' | 'chorus' | 'bridge' | 'solo', number[][]> = {
  verse: [
    [4, 4, 4, 4],
    [2, 2, 4, 8],
    [6, 2, 8],
    [4, 2, 2, 8],
    [3, 3, 2, 8],
  ],
  chorus: [
    [8, 8],
    [4, 4, 8],
    [6, 2, 8],
    [12, 4],
    [4, 4, 4, 4],
  ],
  bridge: [[16], [8, 8], [12, 4]],
  solo: [
    [2, 2, 2, 2, 2, 2, 4],
    [1, 1, 2, 2, 2, 4, 4],
    [3, 3, 2, 2, 2, 4],
    [2, 2, 4, 2, 2, 4],
  ],
};

/**
 * A four-bar phrase: a two-bar idea, then the idea again with a new ending. Pitches move by small steps;
 * render time pulls the strong beats onto the bar's chord, so the phrase fits whatever chord it meets.
 */
function makeTune(rand: () => number, kind: keyof typeof RHYTHMS, centre: number): TuneNote[] {
  const bars = Array.from({ length: 2 }, () => RHYTHMS[kind][Math.floor(rand() * RHYTHMS[kind].length)]!);
  const moves = [-2, -1, -1, 0, 1, 1, 2];
  const idea: TuneNote[] = [];
  let pitch = centre;
  bars.forEach((cells, bar) => {
    let step = bar * STEPS_PER_BAR;
    for (const length of cells) {
      pitch = Math.max(centre - 4, Math.min(centre + 5, pitch + moves[Math.floor(rand() * moves.length)]!));
      // A breath now and then, never on a bar's first note.
      if (step % STEPS_PER_BAR === 0 || rand() > 0.15) idea.push({ step, length, pitch });
      step += length;
    }
  });
  const answer = idea.map((n) => ({ ...n, step: n.step + 2 * STEPS_PER_BAR }));
  // The answer ends elsewhere: its last bar falls back towards the centre.
  for (const n of answer) if (n.step >= 3 * STEPS_PER_BAR) n.pitch = Math.round((n.pitch + centre) / 2) - (rand() < 0.5 ? 1 : 0);
  return [...idea, ...answer];
}

// ---------------------------------------------------------------- the song

export interface RenderOptions {
  /** Render only this many seconds from the start (the short demo audio of tests); the whole song when absent. */
  maxSeconds?: number;
}

/** Renders a song to 16-bit mono samples at RENDER_SAMPLE_RATE. */
export function renderArrangement({ bpm, musicalKey, arrangement }: SongToRender, { maxSeconds }: RenderOptions = {}): Int16Array {
  const full = formSeconds({ bpm, arrangement }) + TAIL_SECONDS;
  const seconds = maxSeconds === undefined ? full : Math.min(full, maxSeconds);
  const out = new Float32Array(Math.round(seconds * SR));
  const { tonic, minor } = keyOf(musicalKey);
  const scale = minor ? [0, 2, 3, 5, 7, 8, 10] : [0, 2, 4, 5, 7, 9, 11];
  const semitones = (scaleStep: number) => scale[((scaleStep % 7) + 7) % 7]! + 12 * Math.floor(scaleStep / 7);
  const groove = GROOVES[arrangement.feel];
  const chordVoice = CHORD_VOICES[arrangement.chords];
  const leadVoice = LEAD_VOICES[arrangement.lead];
  const beat = 60 / bpm;
  const step = beat / 4;
  const barSeconds = beat * BEATS_PER_BAR;
  const rand = random(arrangement.seed);
  const noise = random(arrangement.seed * 7919 + 1);
  const tunes = {
    verse: makeTune(rand, 'verse', 7),
    chorus: makeTune(rand, 'chorus', 10),
    bridge: makeTune(rand, 'bridge', 9),
    solo: makeTune(rand, 'solo', 11),
  };
  /** A step's time in the bar, with the off-beat sixteenths swung late. */
  const at = (barStart: number, s: number) => barStart + (s + (s % 2 === 1 ? groove.swing : 0)) * step;
  /** The chord of a scale degree as scale steps: root, third, fifth. */
  const triad = (degree: Degree) => [degree - 1, degree + 1, degree + 3];
  /** The chord's notes as MIDI numbers from about G3 up. */
  const voicing = (degree: Degree) =>
    triad(degree).map((s) => {
      let midi = 48 + tonic + semitones(s);
      while (midi < 55) midi += 12;
      while (midi >= 67) midi -= 12;
      return midi;
    });

  let barStart = 0;
  for (const [section, bars] of arrangement.form) {
    const shape = SHAPES[section];
    const progression = arrangement.progressions[shape.progression];
    for (let bar = 0; bar < bars; bar++, barStart += barSeconds) {
      if (barStart >= seconds) break;
      const degree = progression[bar % progression.length]!;
      // The outro fades out bar by bar; the last bar of a section before a chorus builds with a fill.
      const fade = section === 'outro' ? 1 - bar / bars : 1;
      const level = shape.level * fade;
      const lastBar = bar === bars - 1;
      const rootMidi = 36 + tonic + semitones(degree - 1) - (semitones(degree - 1) + tonic >= 8 ? 12 : 0);

      // Drums.
      if (shape.drums > 0 && !(section === 'outro' && bar >= bars / 2)) {
        const soft = shape.drums === 1 ? 0.55 : 1;
        for (let s = 0; s < STEPS_PER_BAR; s++) {
          const k = groove.kick[s];
          if (k !== '.') kick(out, at(barStart, s), (k === 'x' ? 1 : 0.6) * level * (shape.drums === 1 ? 0.8 : 1));
          const sn = groove.snare[s];
          if (sn !== '.' && (shape.drums === 2 || sn === 'x'))
            snare(out, at(barStart, s), (sn === 'x' ? 1 : 0.45) * level * soft, groove.snareSound, noise);
          const h = groove.hats[s];
          if (h !== '.') noiseHit(out, at(barStart, s), 0.06, 70, (h === 'x' ? 0.05 : 0.03) * level * soft, 0.95, noise);
        }
        if (shape.drums === 2 && bar === 0) noiseHit(out, barStart, 2, 2.2, 0.06 * level, 0.9, noise);
        if (shape.drums === 2 && lastBar)
          for (const s of [12, 13, 14, 15]) snare(out, at(barStart, s), 0.6 * level, groove.snareSound, noise);
      }

      // Bass.
      if (shape.bass > 0) {
        const pattern = shape.bass === 2 ? groove.bass : [[0, 0, section === 'bridge' ? 16 : 8] as [number, number, number]];
        for (const [s, interval, length] of pattern)
          note(out, at(barStart, s), length * step * 0.95, rootMidi + interval, level, BASS_VOICE);
      }

      // Chords.
      const chord = voicing(degree);
      const notes = shape.wide ? [...chord, chord[0]! + 12, chord[1]! + 12] : chord;
      if (arrangement.chords === 'arpeggio') {
        const order = [0, 1, 2, 3, 1, 2, 3, 2];
        const tones = [...chord, chord[0]! + 12];
        for (let i = 0; i < 8; i++) note(out, at(barStart, i * 2), step * 6, tones[order[i]!]!, shape.chords * level, chordVoice);
        if (shape.wide) for (const midi of chord) note(out, barStart, barSeconds, midi - 12, 0.5 * shape.chords * level, CHORD_VOICES.pad);
      } else if (arrangement.chords === 'pad' || arrangement.chords === 'organ') {
        for (const midi of notes) note(out, barStart, barSeconds, midi, shape.chords * level, chordVoice);
        // A pad in a full section is pushed along by the groove's stabs.
        if (shape.drums === 2)
          for (const [s, length] of groove.comp)
            for (const midi of chord) note(out, at(barStart, s), length * step * 0.5, midi + 12, 0.5 * level, CHORD_VOICES.piano);
      } else if (arrangement.chords === 'power') {
        const power = [rootMidi + 12, rootMidi + 19, rootMidi + 24];
        // Palm-muted eighths in a verse, ringing chords in a chorus.
        if (shape.drums === 2)
          for (const midi of power) note(out, barStart, barSeconds * 0.98, midi, shape.chords * level * 1.2, chordVoice);
        else
          for (const [s] of groove.comp)
            for (const midi of power.slice(0, 2)) note(out, at(barStart, s), step * 0.8, midi, shape.chords * level, chordVoice);
      } else {
        // Strums and stabs: a strum spreads its notes a little, low to high.
        const comp: [number, number][] = shape.drums === 0 ? [[0, STEPS_PER_BAR]] : groove.comp;
        comp.forEach(([s, length], i) => {
          const up = arrangement.chords === 'strum' && i % 2 === 1;
          const spread = arrangement.chords === 'strum' ? 0.012 : 0.002;
          const ordered = up ? [...notes].reverse() : notes;
          ordered.forEach((midi, n) =>
            note(out, at(barStart, s) + n * spread, length * step, midi, (up ? 0.6 : 1) * shape.chords * level, chordVoice),
          );
        });
      }

      // Lead: a four-bar phrase, played on over the section; strong beats land on the bar's chord.
      if (shape.lead) {
        const tune = tunes[shape.lead];
        const phraseBar = bar % 4;
        const chordSteps = triad(degree).map((s) => ((s % 7) + 7) % 7);
        for (const n of tune) {
          if (Math.floor(n.step / STEPS_PER_BAR) !== phraseBar) continue;
          const s = n.step % STEPS_PER_BAR;
          let pitch = n.pitch;
          if (s % 8 === 0)
            for (const d of [0, -1, 1, -2, 2, -3, 3]) {
              if (chordSteps.includes((((pitch + d) % 7) + 7) % 7)) {
                pitch += d;
                break;
              }
            }
          // Tunes sit from about F#4 up; the verse's is played softer than the chorus's.
          const midi = 60 + tonic - (tonic >= 6 ? 12 : 0) + semitones(pitch);
          note(out, at(barStart, s), n.length * step * 0.9, midi, level * (shape.lead === 'verse' ? 0.8 : 1), leadVoice);
        }
      }
    }
  }

  // The final chord, ringing into the tail.
  const formEnd = formSeconds({ bpm, arrangement });
  if (formEnd < seconds) for (const midi of voicing(1)) note(out, formEnd, TAIL_SECONDS - 0.5, midi, 0.5, chordVoice);

  return master(out, maxSeconds !== undefined && maxSeconds < full);
}

/** A little room (two feedback echoes), a soft limit, and 16-bit samples; a cut-short render fades at its end. */
function master(out: Float32Array, cut: boolean): Int16Array {
  const room = [Math.round(0.043 * SR), Math.round(0.067 * SR)];
  const wet = new Float32Array(out.length);
  for (const delay of room) for (let i = delay; i < out.length; i++) wet[i]! += (out[i - delay]! + wet[i - delay]! * 0.4) * 0.18;
  const samples = new Int16Array(out.length);
  const fadeFrom = cut ? out.length - Math.round(0.5 * SR) : out.length;
  for (let i = 0; i < out.length; i++) {
    const fade = i > fadeFrom ? (out.length - i) / (out.length - fadeFrom) : 1;
    samples[i] = Math.round(Math.tanh((out[i]! + wet[i]!) * 1.4) * 0.9 * fade * 32_767);
  }
  return samples;
}
