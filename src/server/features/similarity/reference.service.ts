import { and, eq, inArray, lt, or } from 'drizzle-orm';
import { LIMITS, REFERENCE_MATCHES_SHOWN, REFERENCE_TRACK_HOURS } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { MusicalKey } from '../../../common/musical-keys';
import type { ReferenceTrack, SoundsLike } from '../../../common/responses/reference-search';
import type { SoundsLikeQuery } from '../../../common/schemas/reference-search';
import { sniffFile } from '../../adapters/storage/sniff';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import { referenceTracks, songs, storedFiles } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import type { UploadedFile } from '../../lib/multipart';
import { startPeriodicJob, type PeriodicJob } from '../../lib/periodic-job';
import type { Actor } from '../accounts';
import { analysisStateOf, enqueueAnalysis, SOUND_PROFILE_VERSION } from '../audio';
import { insertFile, putFile, removeObjects } from '../files';
import { nearestSongs, songSoundQuery, type NearSong, type SoundQuery } from './nearest';

const m = MESSAGES.referenceSearch;
const HOUR_MS = 3_600_000;

/**
 * A buyer's reference MP3: checked by its content as catalogue audio is, stored in the reference-tracks bucket
 * and queued for the analysis pipeline (its worker pool measures it off the request thread). Kept for the buyer
 * alone until REFERENCE_TRACK_HOURS pass.
 */
export async function uploadReference({
  db,
  storage,
  actor,
  file,
  now,
}: {
  db: Db;
  storage: Storage;
  actor: Actor;
  file: UploadedFile | undefined;
  now: Date;
}): Promise<ReferenceTrack> {
  if (!file) throw new AppError('INVALID', m.referenceRequired, { audio: [m.referenceRequired] });
  if (file.size > LIMITS.songAudioMaxBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.songs.audioTooLarge, { audio: [MESSAGES.songs.audioTooLarge] });
  const sniffed = await sniffFile(file.head, ['mp3'], file.name);
  if (!sniffed.ok) throw new AppError('INVALID', MESSAGES.songs.audioNotMp3, { audio: [MESSAGES.songs.audioNotMp3] });
  const stored = await putFile({
    storage,
    bucket: 'reference-tracks',
    ownerId: actor.id,
    body: file.stream(),
    contentType: sniffed.mime,
    extension: sniffed.ext,
    originalName: file.name,
  });
  try {
    const id = await db.transaction(async (tx) => {
      const row = await insertFile(tx, stored);
      await enqueueAnalysis(tx, row);
      const expiresAt = new Date(now.getTime() + REFERENCE_TRACK_HOURS * HOUR_MS);
      const [reference] = await tx
        .insert(referenceTracks)
        .values({ ownerId: actor.id, fileId: row.id, expiresAt })
        .returning({ id: referenceTracks.id });
      return reference!.id;
    });
    return await referenceOf({ db, actor, id, now });
  } catch (error) {
    await removeObjects(storage, [stored]);
    throw error;
  }
}

/** The caller's own reference, not yet expired; anyone else's, or one expired, is not found. */
async function ownReference(db: Db, actor: Actor, id: string, now: Date) {
  const [row] = await db
    .select({
      id: referenceTracks.id,
      fileId: referenceTracks.fileId,
      expiresAt: referenceTracks.expiresAt,
      originalName: storedFiles.originalName,
      durationSeconds: storedFiles.audioDurationSeconds,
      bpm: storedFiles.detectedBpm,
      key: storedFiles.detectedKey,
      profile: storedFiles.soundProfile,
      profileVersion: storedFiles.soundProfileVersion,
    })
    .from(referenceTracks)
    .innerJoin(storedFiles, eq(storedFiles.id, referenceTracks.fileId))
    .where(and(eq(referenceTracks.id, id), eq(referenceTracks.ownerId, actor.id)));
  if (!row || row.expiresAt <= now) throw new AppError('NOT_FOUND', m.notFound);
  return row;
}

/** GET /api/references/:id: where the reference's analysis stands, for the page's progress. */
export async function referenceOf({ db, actor, id, now }: { db: Db; actor: Actor; id: string; now: Date }): Promise<ReferenceTrack> {
  const row = await ownReference(db, actor, id, now);
  const analysis = await analysisStateOf(db, row.fileId);
  return {
    id: row.id,
    originalName: row.originalName,
    state: analysis.state === 'none' ? 'queued' : analysis.state,
    reason: analysis.reason,
    durationSeconds: row.durationSeconds,
    bpm: row.bpm,
    musicalKey: row.key,
    expiresAt: row.expiresAt.toISOString(),
  };
}

const shown = (near: NearSong[]): SoundsLike['songs'] =>
  near.map(({ key, closeness, ...rest }) => ({ ...rest, musicalKey: key, closeness: Math.round(100 * closeness) }));

/** The sound query of an analysed file, or undefined while it has no profile of the current version. */
export function fileSoundQuery(file: {
  profile: number[] | null;
  profileVersion: number | null;
  bpm: number | null;
  key: MusicalKey | null;
}): SoundQuery | undefined {
  if (!file.profile || file.profileVersion !== SOUND_PROFILE_VERSION) return undefined;
  return { profile: file.profile, bpm: file.bpm, key: file.key };
}

/**
 * GET /api/sounds-like: the catalogue ranked by closeness to the caller's reference or to a catalogue song,
 * through the catalogue's own filters. A reference is only ever a query: it is never a candidate.
 */
export async function soundsLike({
  db,
  actor,
  query,
  now,
}: {
  db: Db;
  actor: Actor;
  query: SoundsLikeQuery;
  now: Date;
}): Promise<SoundsLike> {
  const { reference, song: slug, ...filters } = query;
  let sound: SoundQuery | undefined;
  let excludeSongId: string | undefined;
  if (reference) {
    sound = fileSoundQuery(await ownReference(db, actor, reference, now));
  } else {
    const [song] = await db
      .select({ id: songs.id })
      .from(songs)
      .where(and(eq(songs.slug, slug!), eq(songs.isActive, true)));
    if (!song) throw new AppError('NOT_FOUND', MESSAGES.songs.notFound);
    excludeSongId = song.id;
    sound = await songSoundQuery(db, song.id);
  }
  if (!sound) return { measured: false, songs: [] };
  return { measured: true, songs: shown(await nearestSongs(db, sound, { limit: REFERENCE_MATCHES_SHOWN, filters, excludeSongId })) };
}

/**
 * Removes every reference whose day is over, file and row (the row goes with its file), and any reference file
 * left without a row (its buyer's account was deleted). Answers how many files were removed.
 */
export async function removeExpiredReferences({ db, storage, now }: { db: Db; storage: Storage; now: Date }): Promise<number> {
  const expired = db.select({ id: referenceTracks.fileId }).from(referenceTracks).where(lt(referenceTracks.expiresAt, now));
  const removed = await db
    .delete(storedFiles)
    .where(
      and(
        eq(storedFiles.bucket, 'reference-tracks'),
        or(inArray(storedFiles.id, expired), lt(storedFiles.createdAt, new Date(now.getTime() - REFERENCE_TRACK_HOURS * HOUR_MS))),
      ),
    )
    .returning();
  await removeObjects(storage, removed);
  return removed.length;
}

/** The housekeeping job for removeExpiredReferences: now, then every ten minutes, on the app's clock. */
export function startReferenceSweep({
  db,
  storage,
  logger,
  now = () => new Date(),
}: {
  db: Db;
  storage: Storage;
  logger: Logger;
  now?: () => Date;
}): PeriodicJob {
  return startPeriodicJob({
    intervalMs: 10 * 60 * 1000,
    async run() {
      const removed = await removeExpiredReferences({ db, storage, now: now() });
      if (removed > 0) logger.info({ removed }, 'removed reference tracks kept their day');
    },
    onError: (error) => logger.error({ err: error }, 'removing expired reference tracks failed'),
  });
}
