import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Storage } from '../../adapters/storage/storage';
import { analyseAudioFile } from '../../features/audio/analyse-file';
import { measuredFactColumns } from '../../features/audio/song-facts';
import { insertFile } from '../../features/files/files.service';
import { insertSongImageFiles, noSongImage, putSongAudio, putSongImage } from '../../features/songs/song-media';
import { type MusicalKey } from '../../../common/musical-keys';
import { SongWritersSchema, type SongWriterInput } from '../../../common/schemas/songs';
import { replaceSongWriters } from '../../features/songs/song-writers';
import type { Db } from '../client';
import { songs } from '../schema';
import { synthesizeMp3 } from './audio';
import { uploadedFromBuffer } from '../../lib/multipart';

export interface SongSeed {
  title: string;
  slug?: string;
  description?: string;
  lyrics?: string;
  writerInfo?: string | null;
  genre?: string | null;
  bpm?: number | null;
  musicalKey?: MusicalKey | null;
  isOneStop?: boolean;
  /** In credit order; their shares add up to 100. */
  writers?: SongWriterInput[];
  tags?: string[];
  orderIndex?: number;
  isActive?: boolean;
  /** Seconds of synthesised audio. */
  seconds?: number;
  seed?: number;
  /** Two colours for a generated cover; no cover when absent. */
  cover?: [string, string];
}

/** How makeSong synthesises a seed's audio: the same options wherever the MP3 is made (seed.ts makes them on every core). */
export const songAudioOptions = (seed: SongSeed) => ({ seconds: seed.seconds ?? 3, bpm: seed.bpm ?? 96, seed: seed.seed ?? 1 });

/** A cover picture without text (fonts may be missing on a bare machine): a gradient with rings. */
export async function makeCoverPng([from, to]: [string, string], size = 1200): Promise<Buffer> {
  const rings = [0.42, 0.3, 0.18]
    .map(
      (r, i) =>
        `<circle cx="${size * 0.62}" cy="${size * 0.58}" r="${size * r}" fill="none" stroke="#fff" stroke-opacity="${0.12 + i * 0.08}" stroke-width="${size * 0.012}"/>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${rings}<circle cx="${size * 0.62}" cy="${size * 0.58}" r="${size * 0.04}" fill="#fff" fill-opacity="0.8"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * A catalogue song stored the way an admin upload stores it: audio checked and stored, then measured as its
 * analysis job would (waveform, tempo, key, loudness and sections), cover checked, then the rows. The audio is `mp3` when given (a demo song's render), else synthesised from the seed.
 */
export async function makeSong(db: Db, storage: Storage, ownerId: string, seed: SongSeed, { mp3 }: { mp3?: Buffer } = {}) {
  const slug =
    seed.slug ??
    seed.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  const bytes = mp3 ?? synthesizeMp3(songAudioOptions(seed));
  const stored = await putSongAudio(storage, uploadedFromBuffer(bytes, mp3 ? `${slug}.mp3` : 'song.mp3'), ownerId);
  // Measured here as the analysis pipeline's job would, so a seeded song plays with its waveform at once.
  const { waveform, facts } = await analyseAudioFile(stored.contentType, Readable.from([bytes]));
  const audio = {
    ...stored,
    audioPeaks: waveform.peaks,
    audioDurationSeconds: waveform.durationSeconds,
    ...measuredFactColumns(facts),
  };
  const image = seed.cover
    ? await putSongImage(storage, uploadedFromBuffer(await makeCoverPng(seed.cover), 'cover.png'), ownerId)
    : undefined;
  return db.transaction(async (tx) => {
    const audioRow = await insertFile(tx, audio);
    const cover = image ? await insertSongImageFiles(tx, image) : noSongImage;
    const [song] = await tx
      .insert(songs)
      .values({
        slug,
        title: seed.title,
        description: seed.description ?? `${seed.title}: a song for consideration.`,
        lyrics: seed.lyrics ?? 'Verse one\nChorus',
        writerInfo: seed.writerInfo ?? null,
        genre: seed.genre ?? null,
        bpm: seed.bpm ?? null,
        musicalKey: seed.musicalKey ?? null,
        isOneStop: seed.isOneStop ?? false,
        tags: seed.tags ?? [],
        orderIndex: seed.orderIndex ?? 0,
        isActive: seed.isActive ?? true,
        audioFileId: audioRow.id,
        audioPeaks: waveform.peaks,
        audioDurationSeconds: waveform.durationSeconds,
        ...cover,
      })
      .returning();
    if (!seed.writers?.length) return song!;
    // Checked as the admin form's are: a seed whose shares do not add up fails here, not on a page.
    await replaceSongWriters(tx, song!.id, SongWritersSchema.parse(seed.writers));
    // The writers' names reach the search text through a trigger: the row as it stands now.
    const [credited] = await tx.select().from(songs).where(eq(songs.id, song!.id));
    return credited!;
  });
}
