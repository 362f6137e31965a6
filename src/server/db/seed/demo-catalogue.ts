import type { MusicalKey } from '../../../common/musical-keys';
import type { Arrangement } from './arrangement';
import type { SongSeed } from './song-factories';

/** A demo song: its tempo and key are what its arrangement is played in. */
export type DemoSong = SongSeed & { bpm: number; musicalKey: MusicalKey; arrangement: Arrangement };

/**
 * The demo catalogue `npm start` seeds: eight songs a Nashville publisher might pitch this month, with their
 * writers and splits (the free-text writer info too, which the song page shows only for a song without writers),
 * and each one's arrangement: the full-length song its audio is rendered from (render-arrangement.ts).
 */
export const DEMO_SONGS: DemoSong[] = [
  {
    title: 'Gravel Road Goodbye',
    arrangement: {
      feel: 'train',
      chords: 'strum',
      lead: 'twang',
      progressions: { verse: [1, 5, 6, 4], chorus: [4, 1, 5, 6], bridge: [6, 4, 1, 5] },
      form: [
        ['intro', 4],
        ['verse', 16],
        ['chorus', 8],
        ['verse', 16],
        ['chorus', 8],
        ['bridge', 8],
        ['chorus', 8],
        ['outro', 4],
      ],
      seed: 1,
    },
    genre: 'Country',
    bpm: 92,
    tags: ['heartbreak', 'female vocal', 'story song'],
    writerInfo: 'Casey Rivers, Jo Whitfield (BMI)',
    musicalKey: 'G major',
    writers: [
      { name: 'Casey Rivers', pro: 'BMI', ipi: '00512345678', publisher: 'Red Dirt Songs', share: 50 },
      { name: 'Jo Whitfield', pro: 'BMI', ipi: '00598765432', publisher: 'Red Dirt Songs', share: 50 },
    ],
    isOneStop: true,
    description: 'A slow-burning breakup told from the passenger seat, with a chorus that lands like a slammed screen door.',
    cover: ['#7c2d12', '#f59e0b'],
    lyrics: `Dust on the dashboard, your hand off the wheel
Ten miles of silence is louder than how I feel
You said we'd outrun it, the talk in this town
But the truck's in park now and the sun's going down

This is a gravel road goodbye
No pavement left to soften it, no sense in asking why
Just the crunch beneath the tires and the fireflies
This is a gravel road goodbye

Mama's porch light's burning, she'll know when I walk in
She never liked the way you said you'd call again
I'll leave your ball cap on the seat where it belongs
And take the long way back with the radio on`,
  },
  {
    title: 'Porch Light Prayer',
    arrangement: {
      feel: 'ballad',
      chords: 'piano',
      lead: 'flute',
      progressions: { verse: [1, 4, 1, 5], chorus: [4, 5, 3, 6], bridge: [6, 5, 4, 5] },
      form: [
        ['intro', 4],
        ['verse', 12],
        ['chorus', 8],
        ['verse', 8],
        ['chorus', 8],
        ['bridge', 6],
        ['chorus', 8],
        ['outro', 4],
      ],
      seed: 2,
    },
    genre: 'Country',
    bpm: 76,
    tags: ['faith', 'family', 'ballad'],
    writerInfo: 'Marla Dean (ASCAP)',
    musicalKey: 'D major',
    writers: [{ name: 'Marla Dean', pro: 'ASCAP', ipi: '00432109876', publisher: 'Porchlight Music', share: 100 }],
    description: 'A ballad about a mother who never turns the porch light off, waiting for a son who took the wrong highway.',
    cover: ['#1e3a8a', '#fbbf24'],
    lyrics: `Forty watts and a moth or two
She keeps it burning all night through
Says the Lord can find a sinner in the dark
But a boy needs a light to find his way home

It's a porch light prayer
Humming soft against the evening air
Every night she leaves it there
A porch light prayer`,
  },
  {
    title: 'Friday Night Fever Dream',
    arrangement: {
      feel: 'dance',
      chords: 'strum',
      lead: 'synth',
      progressions: { verse: [1, 6, 3, 7], chorus: [6, 3, 7, 1], bridge: [4, 6, 1, 7] },
      form: [
        ['intro', 8],
        ['verse', 16],
        ['chorus', 16],
        ['verse', 16],
        ['chorus', 16],
        ['bridge', 8],
        ['chorus', 16],
        ['outro', 4],
      ],
      seed: 3,
    },
    genre: 'Country Pop',
    bpm: 124,
    tags: ['uptempo', 'party', 'summer'],
    writerInfo: 'Tyler Banks, Ana Ruiz (SESAC)',
    musicalKey: 'E minor',
    writers: [
      { name: 'Tyler Banks', pro: 'SESAC', publisher: 'Neon Tailgate Publishing', share: 60 },
      { name: 'Ana Ruiz', pro: 'SOCAN', share: 40 },
    ],
    description: 'Tailgate energy for a radio-ready artist: hand claps, a gang-vocal hook and a bridge built for the arena.',
    cover: ['#be123c', '#fde68a'],
    lyrics: `Neon on the water tower, county line is calling
Cooler full of something cold, the sun is barely falling
Turn it up till the speakers shake the cornfield
Tonight's a Friday night fever dream`,
  },
  {
    title: 'What the River Knows',
    arrangement: {
      feel: 'brushes',
      chords: 'arpeggio',
      lead: 'fiddle',
      progressions: { verse: [1, 7, 6, 7], chorus: [6, 3, 7, 1], bridge: [4, 4, 1, 5] },
      form: [
        ['intro', 4],
        ['verse', 8],
        ['chorus', 8],
        ['verse', 8],
        ['chorus', 8],
        ['bridge', 4],
        ['solo', 4],
        ['chorus', 4],
        ['outro', 4],
      ],
      seed: 4,
    },
    genre: 'Americana',
    bpm: 68,
    tags: ['acoustic', 'male vocal', 'reflective'],
    writerInfo: 'Eli Hart (BMI)',
    musicalKey: 'A minor',
    writers: [{ name: 'Eli Hart', pro: 'BMI', share: 100 }],
    isOneStop: true,
    description: 'Fingerpicked and patient: a man returns to the river where he learned to swim and finds it has kept every secret.',
    cover: ['#064e3b', '#a7f3d0'],
    lyrics: `Brown water bending past the sycamore
Carrying the things we couldn't carry anymore
Daddy's old tackle box, a promise and a ring
The river knows, but it don't say a thing`,
  },
  {
    title: 'Leave the Light Blue',
    arrangement: {
      feel: 'pop',
      chords: 'pad',
      lead: 'bell',
      progressions: { verse: [1, 5, 6, 4], chorus: [6, 4, 1, 5], bridge: [2, 4, 6, 5] },
      form: [
        ['intro', 4],
        ['verse', 16],
        ['chorus', 8],
        ['verse', 16],
        ['chorus', 8],
        ['bridge', 8],
        ['chorus', 8],
        ['chorus', 8],
        ['outro', 4],
      ],
      seed: 5,
    },
    genre: 'Pop',
    bpm: 104,
    tags: ['female vocal', 'modern', 'breakup'],
    writerInfo: 'Sadie Cole, Marcus Lee (ASCAP)',
    musicalKey: 'F# major',
    writers: [
      { name: 'Sadie Cole', pro: 'ASCAP', publisher: 'Blue Hour Songs', share: 33.34 },
      { name: 'Marcus Lee', pro: 'ASCAP', publisher: 'Blue Hour Songs', share: 33.33 },
      { name: 'Freya Lund', pro: 'PRS', publisher: 'Northbound Music', share: 33.33 },
    ],
    description: 'A synth-touched crossover with a whispered verse and a chorus that opens wide; for an artist leaning pop.',
    cover: ['#312e81', '#67e8f9'],
    lyrics: `Screen glow on the ceiling, three a.m. again
You're typing something, then you're not, and then
I could call it over, I could call it true
Or I could leave the light blue`,
  },
  {
    title: 'Two Steps from Tennessee',
    arrangement: {
      feel: 'two-step',
      chords: 'piano',
      lead: 'twang',
      progressions: { verse: [1, 1, 4, 5], chorus: [4, 1, 5, 1], bridge: [4, 5, 1, 1] },
      form: [
        ['intro', 4],
        ['verse', 16],
        ['chorus', 8],
        ['verse', 16],
        ['chorus', 8],
        ['solo', 8],
        ['chorus', 8],
        ['chorus', 8],
        ['outro', 4],
      ],
      seed: 6,
    },
    genre: 'Country',
    bpm: 112,
    tags: ['honky-tonk', 'dance', 'fiddle'],
    writerInfo: 'Ray Dalton (BMI)',
    musicalKey: 'A major',
    writers: [{ name: 'Ray Dalton', pro: 'BMI', publisher: 'Honky Tonk Row Music', share: 100 }],
    description: 'Pure dance-floor honky-tonk with a fiddle hook; a homesick trucker counts the mile markers back to Nashville.',
    cover: ['#92400e', '#fcd34d'],
    lyrics: `Kentucky's in the mirror and the diesel's running thin
I can smell the hot chicken on the southern wind
Turn the fiddle up, darling, save a dance for me
I'm two steps from Tennessee`,
  },
  {
    title: 'Kitchen Table Hymn',
    arrangement: {
      feel: 'hymn',
      chords: 'organ',
      lead: 'flute',
      progressions: { verse: [1, 4, 1, 5], chorus: [4, 1, 5, 1], bridge: [6, 3, 4, 5] },
      form: [
        ['intro', 4],
        ['verse', 12],
        ['chorus', 8],
        ['verse', 8],
        ['chorus', 8],
        ['bridge', 4],
        ['chorus', 8],
        ['outro', 4],
      ],
      seed: 7,
    },
    genre: 'Christian Country',
    bpm: 72,
    tags: ['faith', 'family', 'wedding'],
    writerInfo: 'Hope Allen, Dan Price (GMR)',
    musicalKey: 'C major',
    writers: [
      { name: 'Hope Allen', pro: 'GMR', share: 50 },
      { name: 'Dan Price', pro: 'GMR', share: 50 },
    ],
    isOneStop: true,
    description: 'Fifty years of a marriage told through the dents in one oak kitchen table. A first-dance song in waiting.',
    cover: ['#581c87', '#f0abfc'],
    lyrics: `There's a coffee ring from sixty-eight
A burn mark from the Christmas plate
Every scratch a verse we didn't plan
A kitchen table hymn`,
  },
  {
    title: 'Borrowed Truck, Stolen Heart',
    arrangement: {
      feel: 'rock',
      chords: 'power',
      lead: 'overdrive',
      progressions: { verse: [1, 4, 1, 5], chorus: [6, 4, 1, 5], bridge: [4, 5, 6, 6] },
      form: [
        ['intro', 8],
        ['verse', 16],
        ['chorus', 16],
        ['verse', 16],
        ['chorus', 16],
        ['solo', 16],
        ['chorus', 16],
        ['outro', 4],
      ],
      seed: 8,
    },
    genre: 'Southern Rock',
    bpm: 132,
    tags: ['uptempo', 'male vocal', 'guitar'],
    writerInfo: 'Wade Gentry (SESAC)',
    musicalKey: 'Bb major',
    writers: [{ name: 'Wade Gentry', pro: 'SESAC', ipi: '00987654321', share: 100 }],
    description: 'Crunchy guitars and a wink: he borrowed the truck for one night and came back without his heart.',
    cover: ['#111827', '#ef4444'],
    lyrics: `Borrowed my brother's Ford for a Saturday
Said I'd have it home before the break of day
Now the tank is empty and the sun is up
I've got a stolen heart and a borrowed truck`,
  },
];
