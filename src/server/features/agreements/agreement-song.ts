import type { Readable } from 'node:stream';
import { and, eq, isNotNull, like, lt, or, sql } from 'drizzle-orm';
import { AGREEMENT_MEDIA_MAX_TRIES, LIMITS, SONG_WRITERS, writerProOf, type AgreementMediaProblem } from '../../../common/constants';
import { slugify } from '../../../common/schemas/songs';
import { StorageNotFound, type Storage } from '../../adapters/storage/storage';
import type { Db, Tx } from '../../db/client';
import { analysisJobs, pitchAgreements, songReviews, songs, songWriters, songwriterQuestionnaires, storedFiles } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { createWorkerPool, JobFailedError, type WorkerPool } from '../../lib/worker-pool';
import type { Logger } from '../../lib/logger';
import { insertFile, putFile, removeObjects, type NewStoredFile } from '../files';
import { enqueueAnalysis } from '../audio';
import { songwriterSummary } from '../songwriters';
import { lyricsFromFile, type LyricsRead } from './lyrics-text';
import { tidyLyrics } from './tidy-lyrics';

/** What the step after the signing needs: where the files are, and where to say what it could not do. */
export interface AgreementSongMediaDeps {
  db: Db;
  storage: Storage;
  logger: Logger;
}

/** The description a song starts with: the songwriter's story of it, cut at a word to fit. */
function descriptionFrom(storyArc: string): string {
  const story = storyArc.replace(/\s+/g, ' ').trim();
  if (story.length <= LIMITS.songDescriptionMax) return story || '-';
  const cut = story.slice(0, LIMITS.songDescriptionMax - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/** "Written by Luke Combs (BMI)", from the songwriter's name and questionnaire. */
function writerInfoFrom(w: { writerName: string; pro: string | null }): string {
  const pro = w.pro && w.pro !== 'Not Affiliated' && w.pro !== 'Other' ? ` (${w.pro})` : '';
  return `Written by ${w.writerName}${pro}`.slice(0, LIMITS.writerInfoMax);
}

/** The song's slug from its title, as the admin form makes it, with -2, -3 … added when another song has it. */
async function freeSlug(tx: Tx, title: string): Promise<string> {
  const base = slugify(title) || 'song';
  const taken = new Set(
    (
      await tx
        .select({ slug: songs.slug })
        .from(songs)
        .where(or(eq(songs.slug, base), like(songs.slug, `${base.slice(0, LIMITS.slugMax - 2)}%`)))
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const slug = `${base.slice(0, LIMITS.slugMax - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(slug)) return slug;
  }
}

/**
 * Inside the signing's transaction: the catalogue song the agreement brings in, inactive, from the submission.
 * Title, typed lyrics, the writer (the songwriter, at 100%, with their writer information) and a description
 * are written at once; the audio and the text of a lyrics file are taken afterwards (fillAgreementSongMedia), so
 * the songwriter's request does not wait for storage reads and encoding. An agreement has at most one song (songs.pitch_agreement_id is unique): a second
 * call changes nothing.
 */
export async function createAgreementSong(tx: Tx, agreementId: string): Promise<void> {
  const [source] = await tx
    .select({
      title: songReviews.songTitle,
      lyricsText: songReviews.lyricsText,
      lyricsFileId: songReviews.lyricsFileId,
      audioFileId: songReviews.audioFileId,
      storyArc: songReviews.storyArc,
      writerName: songwriterSummary.name,
      pro: songwriterQuestionnaires.proAffiliation,
    })
    .from(pitchAgreements)
    .innerJoin(songReviews, eq(songReviews.id, pitchAgreements.reviewId))
    .innerJoin(songwriterSummary, eq(songwriterSummary.id, pitchAgreements.songwriterId))
    .leftJoin(songwriterQuestionnaires, eq(songwriterQuestionnaires.userId, pitchAgreements.songwriterId))
    .where(eq(pitchAgreements.id, agreementId));
  if (!source) throw new Error(`no pitch agreement ${agreementId}`);
  const title = source.title.trim().slice(0, LIMITS.songTitleMax);
  const lyrics = tidyLyrics(source.lyricsText ?? '');
  // Two songs of one title signed at the same moment may pick the same slug: the later picks again.
  for (let attempt = 1; ; attempt++) {
    const slug = await freeSlug(tx, title);
    try {
      await tx.transaction(async (savepoint) => {
        const [song] = await savepoint
          .insert(songs)
          .values({
            slug,
            title,
            description: descriptionFrom(source.storyArc),
            lyrics,
            writerInfo: writerInfoFrom(source),
            isActive: false,
            // After every song already listed, as a new song added by hand.
            orderIndex: sql`(select coalesce(max(${songs.orderIndex}) + 1, 0) from ${songs})`,
            pitchAgreementId: agreementId,
            mediaPending: source.audioFileId !== null || (lyrics === '' && source.lyricsFileId !== null),
          })
          .onConflictDoNothing({ target: songs.pitchAgreementId })
          .returning({ id: songs.id });
        // The songwriter wrote it alone as far as we know: all of it theirs until the admin adds co-writers.
        if (song) {
          await savepoint.insert(songWriters).values({
            songId: song.id,
            position: 0,
            name: source.writerName.slice(0, SONG_WRITERS.nameMax),
            pro: writerProOf(source.pro),
            share: 100,
          });
        }
      });
      return;
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error, 'songs_slug_unique')) throw error;
    }
  }
}

/** Submissions are run one after another in each instance: encoding is CPU work, and the site serves meanwhile. */
let queue: Promise<unknown> = Promise.resolve();

/** A store that failed is tried once more this long after, in the same process: most outages are short. */
const RETRY_DELAY_MS = 60_000;

/**
 * Right after the signing commits: takes the agreement song's audio and lyrics from the submission in the
 * background, after any already queued. The returned promise settles when this attempt is done; it never
 * rejects. A song a failing store left pending is tried again once, retryDelayMs later (none when undefined),
 * and after that at the next start.
 */
export function scheduleAgreementSongMedia(
  deps: AgreementSongMediaDeps,
  agreementId: string,
  retryDelayMs: number | undefined = RETRY_DELAY_MS,
): Promise<void> {
  const run = queue.then(async () => {
    const [song] = await deps.db
      .select({ id: songs.id })
      .from(songs)
      .where(and(eq(songs.pitchAgreementId, agreementId), eq(songs.mediaPending, true)));
    return song ? fillAgreementSongMedia(deps, song.id) : false;
  });
  const settled = run.then(
    (pending) => {
      // unref: a waiting retry does not keep a stopping process alive; the next start resumes the song.
      if (pending && retryDelayMs !== undefined)
        setTimeout(() => void scheduleAgreementSongMedia(deps, agreementId, undefined), retryDelayMs).unref();
    },
    (error: unknown) => deps.logger.error({ err: error, agreementId }, 'agreement song media step failed'),
  );
  queue = settled;
  return settled;
}

/**
 * At start: the agreement songs whose media step never ran (the process stopped between the signing and the
 * step) are done now, one at a time, in the background. Another instance doing the same at once costs only work:
 * the song row decides which copy is kept.
 */
export async function resumeAgreementSongMedia(deps: AgreementSongMediaDeps & { signal?: AbortSignal }) {
  const waiting = await deps.db
    .select({ id: songs.id })
    .from(songs)
    .where(and(eq(songs.mediaPending, true), isNotNull(songs.pitchAgreementId)));
  for (const song of waiting) {
    if (deps.signal?.aborted) break;
    await fillAgreementSongMedia(deps, song.id).catch((error: unknown) =>
      deps.logger.error({ err: error, songId: song.id }, 'agreement song media step failed'),
    );
  }
  return { waiting: waiting.length };
}

const readAll = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

type FileRef = Pick<
  typeof storedFiles.$inferSelect,
  'id' | 'bucket' | 'key' | 'contentType' | 'sizeBytes' | 'originalName' | 'detectedBpm' | 'detectedKey'
>;

/** A submitted WAV is at most 100 MB: about ten minutes of CD audio, which lamejs encodes in well under this. */
const WAV_ENCODING_LIMITS = { timeoutMs: 5 * 60_000, maxHeapMb: 256 } as const;
let wavPool: WorkerPool<Uint8Array, Uint8Array | undefined> | undefined;

/**
 * A submitted WAV as an MP3, encoded in a worker thread (wav-to-mp3-worker.ts) with a time and a memory
 * limit; undefined when none can be made of it, or the encoding hit a limit.
 */
async function encodeWav(wav: Buffer, logger: Logger): Promise<Buffer | undefined> {
  wavPool ??= createWorkerPool({ source: new URL('./wav-to-mp3-worker.ts', import.meta.url), ...WAV_ENCODING_LIMITS });
  try {
    const mp3 = await wavPool.run(new Uint8Array(wav.buffer, wav.byteOffset, wav.byteLength));
    return mp3 && Buffer.from(mp3.buffer, mp3.byteOffset, mp3.byteLength);
  } catch (error) {
    if (!(error instanceof JobFailedError)) throw error;
    logger.warn({ reason: error.message }, 'agreement song: the submitted WAV could not be encoded');
    return undefined;
  }
}

/** Whether the submission's own analysis gave up on it (its bytes do not decode, or it failed every try). */
async function analysisFailed(db: Db, fileId: string): Promise<boolean> {
  const [job] = await db.select({ state: analysisJobs.state }).from(analysisJobs).where(eq(analysisJobs.fileId, fileId));
  return job?.state === 'failed';
}

/**
 * The catalogue audio made from a submission: an MP3 copied as it is, a WAV encoded to MP3 (in a worker
 * thread); undefined for anything else (M4A), a WAV that does not encode, or an MP3 whose own analysis failed.
 * Nothing is decoded here: the new file's analysis job measures its waveform, length and loudness (on the
 * catalogue's MP3 itself, as encoding a WAV moves its true peak), as for every upload.
 */
async function catalogueAudio(db: Db, storage: Storage, file: FileRef, logger: Logger): Promise<NewStoredFile | undefined> {
  const type = file.contentType.split(';')[0]!.trim();
  let mp3: Buffer | undefined;
  if (type === 'audio/mpeg') {
    if (file.sizeBytes > LIMITS.songAudioMaxBytes || (await analysisFailed(db, file.id))) return undefined;
  } else if (type === 'audio/wav') {
    mp3 = await encodeWav(await readAll((await storage.get({ bucket: file.bucket, key: file.key })).body), logger);
    if (!mp3 || mp3.length > LIMITS.songAudioMaxBytes) return undefined;
  } else {
    return undefined;
  }
  const originalName = file.originalName ? file.originalName.replace(/\.[^.]*$/, '') + '.mp3' : null;
  const stored = await putFile({
    storage,
    bucket: 'song-audio',
    ownerId: null,
    body: mp3 ?? (await storage.get({ bucket: file.bucket, key: file.key })).body,
    contentType: 'audio/mpeg',
    extension: 'mp3',
    originalName,
  });
  // The tempo and key detected when the songwriter uploaded it (the same music), for the admin's form until
  // the catalogue file's own analysis writes what it finds.
  return { ...stored, detectedBpm: file.detectedBpm, detectedKey: file.detectedKey };
}

const LYRICS_PROBLEMS = {
  time: 'lyrics-time-limit',
  memory: 'lyrics-memory-limit',
  error: 'lyrics-unreadable',
} as const satisfies Record<Exclude<LyricsRead, { lyrics: string }>['failure'], AgreementMediaProblem>;

/**
 * Counts a try of the media step before it reads anything, so one that a crash or a stop cut short counts too.
 * False when the song has had its tries: the step is given up (the song stops pending, and the admin reads
 * why) rather than tried at every start without end.
 */
async function beginTry(db: Db, songId: string, logger: Logger): Promise<boolean> {
  const begun = await db
    .update(songs)
    .set({ mediaTries: sql`${songs.mediaTries} + 1` })
    .where(and(eq(songs.id, songId), eq(songs.mediaPending, true), lt(songs.mediaTries, AGREEMENT_MEDIA_MAX_TRIES)))
    .returning({ id: songs.id });
  if (begun.length > 0) return true;
  await db
    .update(songs)
    .set({ mediaPending: false, mediaProblem: 'gave-up' })
    .where(and(eq(songs.id, songId), eq(songs.mediaPending, true)));
  logger.error({ songId, tries: AGREEMENT_MEDIA_MAX_TRIES }, 'agreement song: media step given up');
  return false;
}

/**
 * Fills an agreement song's audio and lyrics from its submission, then marks the step done when nothing is left
 * to try: an M4A, audio that does not convert, a lyrics file with no readable text or a submission gone from the
 * store leave the song without them, and the admin's song page asks for an MP3 or the lyrics. A store that
 * failed otherwise (a 503) leaves the song pending, for the next attempt to take what is still missing. Neither
 * overwrites what the admin has set meanwhile. Resolves true when the song is still pending.
 */
export async function fillAgreementSongMedia({ db, storage, logger }: AgreementSongMediaDeps, songId: string): Promise<boolean> {
  const [song] = await db
    .select({
      id: songs.id,
      lyrics: songs.lyrics,
      audioFileId: songs.audioFileId,
      mediaPending: songs.mediaPending,
      reviewAudioId: songReviews.audioFileId,
      reviewLyricsId: songReviews.lyricsFileId,
    })
    .from(songs)
    .innerJoin(pitchAgreements, eq(pitchAgreements.id, songs.pitchAgreementId))
    .innerJoin(songReviews, eq(songReviews.id, pitchAgreements.reviewId))
    .where(eq(songs.id, songId));
  if (!song?.mediaPending || !(await beginTry(db, songId, logger))) return false;
  const fileRow = async (id: string | null) =>
    id === null ? undefined : (await db.select().from(storedFiles).where(eq(storedFiles.id, id)))[0];

  // A missing object stays missing; any other storage error may pass, so the song stays pending.
  let retry = false;
  const storageFailed = (error: unknown, what: string) => {
    if (!(error instanceof StorageNotFound)) retry = true;
    logger.error({ err: error, songId, retry }, `agreement song: could not ${what}`);
  };

  let audio: Awaited<ReturnType<typeof catalogueAudio>>;
  const audioSource = song.audioFileId === null ? await fileRow(song.reviewAudioId) : undefined;
  if (audioSource) {
    try {
      audio = await catalogueAudio(db, storage, audioSource, logger);
      if (!audio)
        logger.info({ songId, contentType: audioSource.contentType }, 'agreement song: the submitted audio cannot be made an MP3');
    } catch (error) {
      storageFailed(error, "copy the submission's audio");
    }
  }
  let read: LyricsRead = { lyrics: '' };
  const lyricsSource = song.lyrics === '' ? await fileRow(song.reviewLyricsId) : undefined;
  if (lyricsSource) {
    let bytes: Buffer | undefined;
    try {
      bytes = await readAll((await storage.get({ bucket: lyricsSource.bucket, key: lyricsSource.key })).body);
    } catch (error) {
      storageFailed(error, 'read the lyrics file');
    }
    if (bytes) read = await lyricsFromFile(bytes, lyricsSource.contentType);
    if ('failure' in read) logger.warn({ songId, reason: read.reason }, 'agreement song: the lyrics file could not be read');
  }
  const lyrics = 'lyrics' in read ? read.lyrics : '';

  const used = await db
    .transaction(async (tx) => {
      const [current] = await tx.select().from(songs).where(eq(songs.id, songId)).for('update');
      if (!current?.mediaPending) return false;
      const patch: Partial<typeof songs.$inferInsert> = { mediaPending: retry };
      // A file past a limit fails the same way on every try: the admin reads why, and it is not tried again.
      if ('failure' in read && current.lyrics === '') patch.mediaProblem = LYRICS_PROBLEMS[read.failure];
      // The admin may have uploaded an MP3 or typed lyrics meanwhile: theirs stay.
      const takesAudio = audio !== undefined && current.audioFileId === null;
      if (takesAudio) {
        const file = await insertFile(tx, audio!);
        patch.audioFileId = file.id;
        // Its waveform and length reach the song when the analysis is done (recordAnalysis in the audio feature).
        await enqueueAnalysis(tx, file);
      }
      if (lyrics !== '' && current.lyrics === '') patch.lyrics = lyrics;
      await tx.update(songs).set(patch).where(eq(songs.id, songId));
      return takesAudio;
    })
    .catch(async (error: unknown) => {
      if (audio) await removeObjects(storage, [audio]);
      throw error;
    });
  if (!used && audio) await removeObjects(storage, [audio]);
  return retry;
}
