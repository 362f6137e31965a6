import { mayDownloadSql, fileLink, insertFile, removeObjects, thumbLink, type NewStoredFile, type StoredFile } from '../files';
import { and, asc, desc, eq, gt, gte, ilike, inArray, isNull, lt, lte, notExists, sql, type SQL } from 'drizzle-orm';
import { CATALOGUE_COUNT_CAP, type CatalogueSort, type CommenterDisplay } from '../../../common/constants';
import type { MusicalKey } from '../../../common/musical-keys';
import type { CatalogueQuery } from '../../../common/schemas/catalogue';
import type { SongFormValues } from '../../../common/schemas/songs';
import * as MESSAGES from '../../../common/messages';
import type { Storage } from '../../adapters/storage/storage';
import { queryRows, type Db, type DbOrTx } from '../../db/client';
import { catalogueVersion, pitchAgreements, songComments, songGenres, songs, songVersions, storedFiles } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { startPeriodicJob, type PeriodicJob } from '../../lib/periodic-job';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import type { Actor } from '../accounts';
import { changesOf, recordAudit } from '../audit';
import { analysisStateOf, enqueueAnalysis, songFactColumns, songFactsOf } from '../audio';
import type { UploadedFile } from '../../lib/multipart';
import { insertSongImageFiles, noSongImage, putSongAudio, putSongImage, type SongImageFiles } from './song-media';
import { likePattern } from '../../lib/like-pattern';
import { songwriterSummary } from '../songwriters';
import { creditOf, readSongWriters, replaceSongWriters, writerLine, type SongWriter } from './song-writers';
import { requestCompany } from '../preview-access';
import { commenterDisplaySql } from '../settings';
import { afterCursor, cursorAfter, type CursorRow } from './catalogue-cursor';
import { countKeyOf, type CatalogueCounts } from './catalogue-counts';
import { adminSongVersions, playableVersions, versionFileIdsOf } from './song-versions.service';

const m = MESSAGES.songs;

// ---------------------------------------------------------------- catalogue (preview users and admins)

/** Whose page it is, for what differs by listener: the "most held by others" sort and the new-since filter. */
export interface CatalogueViewer {
  userId: string;
  /** Where "new" starts for them (catalogue-visits.ts). */
  newSince: Date;
}

/** A page's order: the sort's own keys, then the song's id, so ties keep one order across pages. */
function catalogueOrder(sort: CatalogueSort): SQL[] {
  const byId = asc(songs.id);
  switch (sort) {
    case 'newest':
      // Nulls last as its index has it (created_at is never null), so the index serves the order.
      return [sql`${songs.createdAt} desc nulls last`, byId];
    case 'title':
      return [sql`lower(${songs.title}) asc`, byId];
    case 'tempo':
      return [sql`${songs.bpm} asc nulls last`, byId];
    case 'length':
      return [sql`${songs.audioDurationSeconds} asc nulls last`, byId];
    case 'held':
      return [sql`"heldByOthers" desc`, desc(songs.createdAt), byId];
    case 'catalogue':
      return [asc(songs.orderIndex), asc(songs.createdAt), byId];
  }
}

/**
 * Holds of the song by signed-in listeners other than the viewer: a number, never who. Written out in full, as
 * inside the page's query drizzle would leave `songs.id` unqualified (and it would read the response's id).
 */
const heldByOthersOf = (viewerId: string) => sql<number>`(select count(*)::int from song_responses r
  where r.song_id = "songs"."id" and r.response = 'hold' and r.user_id is not null and r.user_id <> ${viewerId})`;

/** Songs whose audio file's measured facts meet `condition` (a file never measured meets none). */
const audioWhere = (condition: SQL) => inArray(songs.audioFileId, sql`(select ${storedFiles.id} from ${storedFiles} where ${condition})`);

/**
 * The one statement a catalogue page is read by: the page (as JSON, in its order), the catalogue's version, the
 * matches counted up to the cap unless `countedAt` is still the version (the count kept then holds), and the
 * genre filter from its summary (song_genres, kept by triggers). No request reads every matching song.
 * Exported for the bench, which times the same SQL bare.
 */
export function catalogueStatement({
  db,
  query,
  viewer,
  countedAt,
}: {
  db: Db;
  query: CatalogueQuery;
  viewer?: CatalogueViewer;
  /** The catalogue version a count of these filters was read at, if one is kept. */
  countedAt?: number;
}): SQL {
  const sort = query.sort ?? 'catalogue';
  if ((sort === 'held' || query.newOnly) && !viewer) throw new Error('A personal catalogue page needs its viewer');
  const filters: SQL[] = [eq(songs.isActive, true)];
  // search_text is title, lyrics, tags, key and writers' names (a generated column with a trigram index).
  if (query.q) filters.push(ilike(songs.searchText, likePattern(query.q)));
  if (query.genre) filters.push(sql`lower(${songs.genre}) = lower(${query.genre})`);
  if (query.key) filters.push(eq(songs.musicalKey, query.key));
  if (query.oneStop) filters.push(eq(songs.isOneStop, true));
  if (query.bpmMin !== undefined) filters.push(gte(songs.bpm, query.bpmMin));
  if (query.bpmMax !== undefined) filters.push(lte(songs.bpm, query.bpmMax));
  if (query.chorusBy !== undefined) filters.push(audioWhere(lte(storedFiles.firstChorusSeconds, query.chorusBy)));
  if (query.introUnder !== undefined) filters.push(audioWhere(lt(storedFiles.introSeconds, query.introUnder)));
  if (query.newOnly && viewer) filters.push(gt(songs.createdAt, viewer.newSince));
  const where = and(...filters);

  const heldByOthers = sort === 'held' && viewer ? heldByOthersOf(viewer.userId) : sql<number | null>`null::int`;
  // A cursor (the last song's sort keys and id) starts the page where the one before ended; `page` is an offset.
  const after = query.after ? afterCursor(sort, query.after, heldByOthers) : undefined;
  const page = db
    .select({
      id: songs.id,
      slug: songs.slug,
      title: songs.title,
      description: songs.description,
      genre: songs.genre,
      bpm: songs.bpm,
      tags: songs.tags,
      // Named here: the page is read back as JSON, whose keys are the select's column names.
      musicalKey: sql<string | null>`${songs.musicalKey}`.as('musicalKey'),
      isOneStop: sql<boolean>`${songs.isOneStop}`.as('isOneStop'),
      durationSeconds: sql<number | null>`${songs.audioDurationSeconds}`.as('durationSeconds'),
      thumbFileId: sql<string | null>`${songs.imageThumbFileId}`.as('thumbFileId'),
      thumb2xFileId: sql<string | null>`${songs.imageThumb2xFileId}`.as('thumb2xFileId'),
      audioProcessing: sql<boolean>`(${songs.mediaPending} and ${songs.audioFileId} is null)`.as('audioProcessing'),
      writerNames: sql<string>`${songs.writerNames}`.as('writerNames'),
      writerInfo: sql<string | null>`${songs.writerInfo}`.as('writerInfo'),
      createdAt: sql<string>`${songs.createdAt}`.as('createdAt'),
      orderIndex: sql<number>`${songs.orderIndex}`.as('orderIndex'),
      heldByOthers: heldByOthers.as('heldByOthers'),
    })
    .from(songs)
    .where(after ? and(where, after) : where)
    .orderBy(...catalogueOrder(sort))
    // One more than the page: whether there is a next page, without counting.
    .limit(query.pageSize + 1)
    .offset(after ? 0 : (query.page - 1) * query.pageSize);
  // The count is a subquery run only when the case reaches it: not while the kept count's version holds.
  return sql`
    select
      (select coalesce(json_agg(p), '[]'::json) from (${page}) as p) as rows,
      v.version::float8 as version,
      case when v.version = ${countedAt ?? -1}::bigint then null
        else (select count(*)::int from (select from ${songs} where ${where} limit ${CATALOGUE_COUNT_CAP + 1}) as matches) end as total,
      (select coalesce(array_agg(genre order by genre), '{}') from ${songGenres}) as genres
    from ${catalogueVersion} as v`;
}

export async function listCatalogue({
  db,
  query,
  viewer,
  counts,
}: {
  db: Db;
  query: CatalogueQuery;
  viewer?: CatalogueViewer;
  /** Counts kept by catalogue version; without them every page counts its matches. */
  counts?: CatalogueCounts;
}) {
  const sort = query.sort ?? 'catalogue';
  const countKey = countKeyOf(query, viewer?.newSince);
  const kept = counts?.kept(countKey);
  // One statement, one round trip.
  const [result] = await queryRows<{ rows: (CatalogueSongRow & CursorRow)[]; version: number; total: number | null; genres: string[] }>(
    db,
    catalogueStatement({ db, query, viewer, countedAt: kept?.version }),
  );
  const found = result!.rows;
  const hasMore = found.length > query.pageSize;
  const rows: CatalogueSongRow[] = found.slice(0, query.pageSize).map(({ orderIndex: _order, ...row }) => row);
  const version = Number(result!.version);
  const total = result!.total === null && kept ? kept.total : Number(result!.total);
  if (result!.total !== null) counts?.keep(countKey, { version, total });
  return {
    rows,
    total: Math.min(total, CATALOGUE_COUNT_CAP),
    totalCapped: total > CATALOGUE_COUNT_CAP,
    nextCursor: hasMore ? cursorAfter(sort, found[query.pageSize - 1]!) : null,
    page: query.page,
    pageSize: query.pageSize,
    genres: result!.genres,
  };
}

interface CatalogueSongRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  genre: string | null;
  bpm: number | null;
  tags: string[];
  musicalKey: MusicalKey | null;
  isOneStop: boolean;
  durationSeconds: number | null;
  thumbFileId: string | null;
  thumb2xFileId: string | null;
  audioProcessing: boolean;
  writerNames: string;
  writerInfo: string | null;
  /** As JSON gives a timestamp. */
  createdAt: string;
  heldByOthers: number | null;
}

/**
 * A catalogue page (the same for every listener, so cached, unless sorted or filtered by what is theirs) as one
 * listener gets it: each song's cover thumbnails as links made out to them, stable for a day so the browser keeps
 * the pictures, and which songs came in since their last visit.
 */
export function catalogueListFor<T extends { rows: CatalogueSongRow[] }>(
  list: T,
  { userId, secret, newSince, now = Date.now() }: { userId: string; secret: string; newSince: Date; now?: number },
) {
  return {
    ...list,
    rows: list.rows.map(({ thumbFileId, thumb2xFileId, writerNames, writerInfo, createdAt, ...row }) => ({
      ...row,
      writers: writerNames ? writerNames.split('\n').filter(Boolean) : writerInfo ? [writerInfo] : [],
      isNew: Date.parse(createdAt) > newSince.getTime(),
      thumbnail:
        thumbFileId && thumb2xFileId
          ? { small: thumbLink(secret, thumbFileId, userId, now), large: thumbLink(secret, thumb2xFileId, userId, now) }
          : null,
    })),
  };
}

const commentColumns = {
  id: songComments.id,
  userId: songComments.userId,
  name: songComments.commenterName,
  // Named with its table: drizzle leaves a lone table's columns unqualified, and inside requestCompany's
  // subquery a bare user_id would be the request's own.
  company: requestCompany(sql`${songComments}.${sql.identifier(songComments.userId.name)}`),
  text: songComments.commentText,
  createdAt: songComments.createdAt,
  awaitingApproval: sql<boolean>`not ${songComments.isApproved}`,
};
type CommentRow = { userId: string | null; name: string; company: string | null };

/**
 * Whom a comment names to this listener. Interest in a song is commercially sensitive, so other listeners
 * see the commenter as the admin chose (anonymous unless told otherwise); the writer sees "You", and admins
 * always see who wrote it.
 */
export function commenterShownTo(comment: CommentRow, actor: Actor, display: CommenterDisplay): string {
  if (comment.userId === actor.id) return MESSAGES.settings.ownComment;
  if (actor.roles.has('admin')) return comment.company ? `${comment.name} (${comment.company})` : comment.name;
  if (display === 'name') return comment.name;
  if (display === 'company' && comment.company) return comment.company;
  return MESSAGES.settings.anonymousCommenter;
}

/**
 * The active song with this slug, its writers and its approved comments, newest first: the same for every
 * listener, so it can be cached.
 */
export async function readCatalogueSong(db: Db, slug: string) {
  const [song] = await db
    .select()
    .from(songs)
    .where(and(eq(songs.slug, slug), eq(songs.isActive, true)));
  if (!song) return undefined;
  const [writers, comments, [facts]] = await Promise.all([
    readSongWriters(db, song.id),
    db
      .select(commentColumns)
      .from(songComments)
      .where(and(eq(songComments.songId, song.id), eq(songComments.isApproved, true)))
      .orderBy(sql`${songComments.createdAt} desc`),
    song.audioFileId ? db.select(songFactColumns).from(storedFiles).where(eq(storedFiles.id, song.audioFileId)) : [],
  ]);
  return { song, writers, comments, facts: songFactsOf(facts) };
}
export type CatalogueSong = Awaited<ReturnType<typeof readCatalogueSong>>;

/**
 * The song page's answer for one listener: the song, with file links made out to them, and among its
 * comments their own still awaiting approval (read fresh, never cached), so a comment never seems lost.
 */
export async function catalogueSongFor({ db, found, actor, secret }: { db: Db; found: CatalogueSong; actor: Actor; secret: string }) {
  if (!found) throw new AppError('NOT_FOUND', m.notFound);
  const { ownPending, display, canDownload } = await listenerPartOf(db, found.song.id, actor);
  const comments = [...ownPending, ...found.comments]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map(({ userId, company, ...comment }) => ({
      ...comment,
      name: commenterShownTo({ userId, name: comment.name, company }, actor, display),
    }));
  return {
    ...publicSong(found.song, actor.id, secret),
    writers: found.writers.map(creditOf),
    facts: found.facts,
    comments,
    canDownload,
    versions: await playableVersions(db, found.song, {
      link: (fileId) => fileLink(secret, fileId, actor.id),
      withStems: canDownload,
    }),
  };
}

/**
 * What the song page reads fresh for each listener, in one statement: on PGlite every round trip runs on the
 * server's own thread, and three of them were most of a cached page's cost. Their own comments awaiting
 * approval (as JSON, keyed as commentColumns), how commenters are shown, and whether they may download.
 */
async function listenerPartOf(db: Db, songId: string, actor: Actor) {
  const named = Object.fromEntries(Object.entries(commentColumns).map(([key, column]) => [key, sql`${column}`.as(key)]));
  const ownPending = db
    .select(named)
    .from(songComments)
    .where(and(eq(songComments.songId, songId), eq(songComments.userId, actor.id), eq(songComments.isApproved, false)));
  type PendingRow = CommentRow & { id: string; text: string; createdAt: string; awaitingApproval: boolean };
  const [row] = await queryRows<{ ownPending: PendingRow[]; display: CommenterDisplay; canDownload: boolean }>(
    db,
    sql`select
      (select coalesce(json_agg(c), '[]'::json) from (${ownPending}) as c) as "ownPending",
      ${commenterDisplaySql} as display,
      ${mayDownloadSql(actor)} as "canDownload"`,
  );
  return { ...row!, ownPending: row!.ownPending.map((comment) => ({ ...comment, createdAt: new Date(comment.createdAt) })) };
}

type SongRow = typeof songs.$inferSelect;

function publicSong(song: SongRow, userId: string, secret: string) {
  return {
    id: song.id,
    slug: song.slug,
    title: song.title,
    description: song.description,
    lyrics: song.lyrics,
    writerInfo: song.writerInfo,
    genre: song.genre,
    bpm: song.bpm,
    tags: song.tags,
    // The column's CHECK holds it to MUSICAL_KEYS.
    musicalKey: song.musicalKey as MusicalKey | null,
    isOneStop: song.isOneStop,
    audioProcessing: song.mediaPending && song.audioFileId === null,
    audioUrl: song.audioFileId ? fileLink(secret, song.audioFileId, userId) : null,
    imageUrl: song.imageWebFileId ? fileLink(secret, song.imageWebFileId, userId) : null,
    peaks: song.audioPeaks,
    durationSeconds: song.audioDurationSeconds,
  };
}

// ---------------------------------------------------------------- admin

/** A song from a signed pitch agreement: the review it came from and its writer's name; null for the company's own. */
const fromAgreement = sql<{ reviewId: string; writerName: string } | null>`case when ${pitchAgreements.id} is null then null
  else json_build_object('reviewId', ${pitchAgreements.reviewId}, 'writerName', ${songwriterSummary.name}) end`;

export async function listAdminSongs({ db }: { db: Db }) {
  return db
    .select({
      id: songs.id,
      slug: songs.slug,
      title: songs.title,
      genre: songs.genre,
      isActive: songs.isActive,
      orderIndex: songs.orderIndex,
      createdAt: songs.createdAt,
      fromAgreement,
    })
    .from(songs)
    .leftJoin(pitchAgreements, eq(pitchAgreements.id, songs.pitchAgreementId))
    .leftJoin(songwriterSummary, eq(songwriterSummary.id, pitchAgreements.songwriterId))
    .orderBy(asc(songs.orderIndex), asc(songs.createdAt));
}

export async function getAdminSong({ db, actor, id, secret }: { db: Db; actor: Actor; id: string; secret: string }) {
  const [row] = await db
    .select({ song: songs, fromAgreement, detectedBpm: storedFiles.detectedBpm, detectedKey: storedFiles.detectedKey })
    .from(songs)
    .leftJoin(pitchAgreements, eq(pitchAgreements.id, songs.pitchAgreementId))
    .leftJoin(songwriterSummary, eq(songwriterSummary.id, pitchAgreements.songwriterId))
    .leftJoin(storedFiles, eq(storedFiles.id, songs.audioFileId))
    .where(eq(songs.id, id));
  if (!row) throw new AppError('NOT_FOUND', m.notFound);
  const { song } = row;
  return {
    ...publicSong(song, actor.id, secret),
    writers: await readSongWriters(db, song.id),
    orderIndex: song.orderIndex,
    isActive: song.isActive,
    createdAt: song.createdAt,
    fromAgreement: row.fromAgreement,
    mediaPending: song.mediaPending,
    mediaProblem: song.mediaProblem ? m.agreementMediaProblem[song.mediaProblem] : null,
    detected: { bpm: row.detectedBpm, key: row.detectedKey },
    versions: await adminSongVersions(db, song.id, (fileId) => fileLink(secret, fileId, actor.id)),
  };
}

interface SongFiles {
  audio?: UploadedFile;
  image?: UploadedFile;
  removeImage?: boolean;
}

/** Checks and stores the uploaded files before any row is written; returns what to insert. */
async function prepareFiles(storage: Storage, files: SongFiles, ownerId: string) {
  const audio = files.audio ? await putSongAudio(storage, files.audio, ownerId) : undefined;
  let image: SongImageFiles | undefined;
  try {
    image = files.image ? await putSongImage(storage, files.image, ownerId) : undefined;
  } catch (error) {
    if (audio) await removeObjects(storage, [audio]);
    throw error;
  }
  const stored = [audio, image?.original, image?.web, image?.thumb, image?.thumb2x].filter((f): f is NewStoredFile => Boolean(f));
  return { audio, image, stored };
}

/**
 * An admin's MP3 uploaded as soon as it is chosen in the song form, ahead of saving: checked by content, stored
 * with its row, which the form names when it saves, and its analysis queued. The form asks after the analysis
 * (songAudioUpload) for the tempo and key to offer.
 */
export async function uploadSongAudio({
  db,
  storage,
  actor,
  file,
}: {
  db: Db;
  storage: Storage;
  actor: Actor;
  file: UploadedFile | undefined;
}) {
  if (!file) throw new AppError('INVALID', m.audioRequired, { audio: [m.audioRequired] });
  const audio = await putSongAudio(storage, file, actor.id);
  try {
    const id = await db.transaction(async (tx) => {
      const row = await insertFile(tx, audio);
      await enqueueAnalysis(tx, row);
      await recordAudit(tx, {
        actor,
        action: 'song_audio.upload',
        subject: { kind: 'song_audio', id: row.id },
        summary: `Uploaded the audio “${row.originalName ?? 'untitled'}” for a song`,
        changes: changesOf(null, { originalName: row.originalName }),
      });
      return row.id;
    });
    return await songAudioUpload({ db, id });
  } catch (error) {
    await removeObjects(storage, [audio]);
    throw error;
  }
}

/** An uploaded catalogue MP3 and where its analysis stands: its length, tempo and key once measured. */
export async function songAudioUpload({ db, id }: { db: Db; id: string }) {
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.id, id), eq(storedFiles.bucket, 'song-audio')));
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.audioAnalysis.uploadUnavailable);
  return {
    id: row.id,
    originalName: row.originalName,
    durationSeconds: row.audioDurationSeconds,
    detected: { bpm: row.detectedBpm, key: row.detectedKey },
    analysis: await analysisStateOf(db, row.id),
  };
}

/** Every stored file of a song's cover (the original and its copies). */
const imageFileIdsOf = (song: Pick<SongRow, 'imageFileId' | 'imageWebFileId' | 'imageThumbFileId' | 'imageThumb2xFileId'>) =>
  [song.imageFileId, song.imageWebFileId, song.imageThumbFileId, song.imageThumb2xFileId].filter((f): f is string => Boolean(f));

/** An upload not taken by a song within this time is removed (removeUnusedSongAudio). */
export const SONG_AUDIO_UPLOAD_HOURS = 24;

/**
 * The uploaded audio a song form names, locked for the transaction: catalogue audio that no song has taken.
 * Two saves naming the same upload queue on the lock, and the second finds it taken.
 */
async function takeAudioUpload(tx: DbOrTx, uploadId: string): Promise<StoredFile> {
  const [upload] = await tx
    .select()
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.id, uploadId),
        eq(storedFiles.bucket, 'song-audio'),
        notExists(tx.select({ id: songs.id }).from(songs).where(eq(songs.audioFileId, storedFiles.id))),
        notExists(tx.select({ id: songVersions.id }).from(songVersions).where(eq(songVersions.fileId, storedFiles.id))),
      ),
    )
    .for('update');
  if (!upload)
    throw new AppError('CONFLICT', MESSAGES.audioAnalysis.uploadUnavailable, { audio: [MESSAGES.audioAnalysis.uploadUnavailable] });
  return upload;
}

/**
 * Removes catalogue audio uploaded for a song form and never saved with a song, once it is a day old: the admin
 * chose another file, or left the form. Returns how many. A song saved with an upload at that very moment holds
 * its row locked; the foreign key refuses the removal then, and the next run goes on.
 */
export async function removeUnusedSongAudio({ db, storage, now = new Date() }: { db: Db; storage: Storage; now?: Date }) {
  const removed = await db
    .delete(storedFiles)
    .where(
      and(
        eq(storedFiles.bucket, 'song-audio'),
        lt(storedFiles.createdAt, new Date(now.getTime() - SONG_AUDIO_UPLOAD_HOURS * 3_600_000)),
        notExists(db.select({ id: songs.id }).from(songs).where(eq(songs.audioFileId, storedFiles.id))),
        // A song's versions are in the same bucket, and taken by their song_versions row.
        notExists(db.select({ id: songVersions.id }).from(songVersions).where(eq(songVersions.fileId, storedFiles.id))),
      ),
    )
    .returning();
  await removeObjects(storage, removed);
  return removed.length;
}

function slugConflict(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError('CONFLICT', m.slugTaken, { slug: [m.slugTaken] });
  throw error;
}

export async function createSong({
  db,
  storage,
  actor,
  values: { audioUploadId, ...values },
  files,
}: {
  db: Db;
  storage: Storage;
  actor: Actor;
  values: SongFormValues;
  files: SongFiles;
}) {
  if (!files.audio && !audioUploadId) throw new AppError('INVALID', m.audioRequired, { audio: [m.audioRequired] });
  const { writers, ...fields } = values;
  const prepared = await prepareFiles(storage, files, actor.id);
  try {
    return await db.transaction(async (tx) => {
      const audio = prepared.audio ? await insertSongAudio(tx, prepared.audio) : await takenUpload(tx, audioUploadId!);
      const image = prepared.image && (await insertSongImageFiles(tx, prepared.image));
      const [song] = await tx
        .insert(songs)
        .values({
          ...fields,
          audioFileId: audio.id,
          audioPeaks: audio.peaks,
          audioDurationSeconds: audio.durationSeconds,
          ...(image ?? noSongImage),
        })
        .returning({ id: songs.id, slug: songs.slug });
      const credited = await replaceSongWriters(tx, song!.id, writers);
      await recordAudit(tx, {
        actor,
        action: 'song.create',
        subject: { kind: 'song', id: song!.id },
        summary: `Added the song “${values.title}”`,
        changes: changesOf(null, {
          ...fields,
          writers: writerLines(credited.after),
          audioFileId: audio.id,
          imageFileId: image?.imageFileId,
        }),
      });
      return song!;
    });
  } catch (error) {
    await removeObjects(storage, prepared.stored);
    slugConflict(error);
  }
}

/**
 * An upload taken as a song's audio, with its waveform when its analysis is done (else the analysis writes it on
 * the song when it is: the upload's row is locked here, and the analysis writes that row before the song's).
 */
export async function takenUpload(tx: DbOrTx, uploadId: string) {
  const upload = await takeAudioUpload(tx, uploadId);
  return { id: upload.id, peaks: upload.audioPeaks, durationSeconds: upload.audioDurationSeconds };
}

/** A song's audio uploaded with its form: stored, its row written, its analysis queued; its waveform comes after. */
async function insertSongAudio(tx: DbOrTx, file: NewStoredFile) {
  const row = await insertFile(tx, file);
  await enqueueAnalysis(tx, row);
  return { id: row.id, peaks: null, durationSeconds: null };
}

export async function updateSong({
  db,
  storage,
  actor,
  id,
  values: { audioUploadId, ...values },
  files,
}: {
  db: Db;
  storage: Storage;
  actor: Actor;
  id: string;
  values: SongFormValues;
  files: SongFiles;
}) {
  const { writers, ...fields } = values;
  const prepared = await prepareFiles(storage, files, actor.id);
  let replaced: (typeof storedFiles.$inferSelect)[] = [];
  try {
    const song = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(songs).where(eq(songs.id, id)).for('update');
      if (!current) throw new AppError('NOT_FOUND', m.notFound);
      const patch: Partial<typeof songs.$inferInsert> = { ...fields };
      const oldFileIds: string[] = [];
      const audio = prepared.audio
        ? await insertSongAudio(tx, prepared.audio)
        : audioUploadId && audioUploadId !== current.audioFileId
          ? await takenUpload(tx, audioUploadId)
          : undefined;
      if (audio) {
        patch.audioFileId = audio.id;
        patch.audioPeaks = audio.peaks;
        patch.audioDurationSeconds = audio.durationSeconds;
        if (current.audioFileId) oldFileIds.push(current.audioFileId);
      }
      if (prepared.image || files.removeImage) {
        Object.assign(patch, prepared.image ? await insertSongImageFiles(tx, prepared.image) : noSongImage);
        for (const old of imageFileIdsOf(current)) oldFileIds.push(old);
      }
      if (values.isActive) assertPublishable({ audioFileId: patch.audioFileId ?? current.audioFileId, lyrics: values.lyrics });
      const [updated] = await tx.update(songs).set(patch).where(eq(songs.id, id)).returning({ id: songs.id, slug: songs.slug });
      const credited = await replaceSongWriters(tx, id, writers);
      await recordAudit(tx, {
        actor,
        action: 'song.update',
        subject: { kind: 'song', id },
        summary: `Edited the song “${values.title}”`,
        changes: changesOf(
          { ...current, writers: writerLines(credited.before) },
          { ...current, ...patch, writers: writerLines(credited.after) },
          [...Object.keys(values), 'audioFileId', 'imageFileId'],
        ),
      });
      if (oldFileIds.length > 0) replaced = await tx.delete(storedFiles).where(inArray(storedFiles.id, oldFileIds)).returning();
      return updated!;
    });
    await removeObjects(storage, replaced);
    return song;
  } catch (error) {
    await removeObjects(storage, prepared.stored);
    slugConflict(error);
  }
}

/** A song's writers in the audit trail: one readable line each, in credit order. */
const writerLines = (writers: readonly SongWriter[]) => writers.map(writerLine);

/** A song is published (made active) only with audio to play and lyrics to read: a song from a pitch agreement may lack them. */
function assertPublishable(song: { audioFileId: string | null; lyrics: string }) {
  if (song.audioFileId === null) throw new AppError('CONFLICT', m.publishNeedsAudio, { audio: [m.publishNeedsAudio] });
  if (song.lyrics.trim() === '') throw new AppError('CONFLICT', m.publishNeedsLyrics, { lyrics: [m.publishNeedsLyrics] });
}

export async function setSongActive({ db, actor, id, isActive }: { db: Db; actor: Actor; id: string; isActive: boolean }) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ audioFileId: songs.audioFileId, lyrics: songs.lyrics, title: songs.title, isActive: songs.isActive })
      .from(songs)
      .where(eq(songs.id, id))
      .for('update');
    if (!current) throw new AppError('NOT_FOUND', m.notFound);
    if (isActive) assertPublishable(current);
    const [row] = await tx.update(songs).set({ isActive }).where(eq(songs.id, id)).returning({ id: songs.id, isActive: songs.isActive });
    await recordAudit(tx, {
      actor,
      action: isActive ? 'song.publish' : 'song.unpublish',
      subject: { kind: 'song', id },
      summary: `${isActive ? 'Published' : 'Unpublished'} the song “${current.title}”`,
      changes: changesOf({ isActive: current.isActive }, { isActive }),
    });
    return row!;
  });
}

/**
 * Deletes the song (its comments and plays go with it) and its stored files. A song with placements stays:
 * they are the record of income and commission (the foreign key restricts it).
 */
export async function deleteSong({ db, storage, actor, id }: { db: Db; storage: Storage; actor: Actor; id: string }) {
  const removed = await db
    .transaction(async (tx) => {
      // Its versions' rows go with the song (on cascade); their files are removed with its own.
      const versionFileIds = await versionFileIdsOf(tx, id);
      // The agreement's song is the writer's song in the catalogue: deleting it would leave the agreement pointing at nothing.
      const [song] = await tx
        .delete(songs)
        .where(and(eq(songs.id, id), isNull(songs.pitchAgreementId)))
        .returning();
      if (!song) {
        const [kept] = await tx.select({ id: songs.id }).from(songs).where(eq(songs.id, id));
        throw kept ? new AppError('CONFLICT', m.agreementSongDelete) : new AppError('NOT_FOUND', m.notFound);
      }
      await recordAudit(tx, {
        actor,
        action: 'song.delete',
        subject: { kind: 'song', id },
        summary: `Deleted the song “${song.title}”`,
        changes: changesOf({ title: song.title, slug: song.slug, isActive: song.isActive }, null),
      });
      const fileIds = [song.audioFileId, ...imageFileIdsOf(song), ...versionFileIds].filter((f): f is string => Boolean(f));
      return fileIds.length > 0 ? tx.delete(storedFiles).where(inArray(storedFiles.id, fileIds)).returning() : [];
    })
    .catch((error: unknown) => {
      if (isForeignKeyViolation(error, 'placements_song_id_songs_id_fk'))
        throw new AppError('CONFLICT', MESSAGES.placements.songHasPlacements);
      throw error;
    });
  await removeObjects(storage, removed);
}

/**
 * Rewrites every song's 0-based order_index from one list, in one statement inside one transaction.
 * The list must name every song exactly once; otherwise nothing changes.
 */
export async function reorderSongs({ db, ids }: { db: Db; ids: string[] }) {
  await db.transaction(async (tx) => {
    const current = await tx.select({ id: songs.id }).from(songs).for('update');
    const known = new Set(current.map((s) => s.id));
    if (known.size !== ids.length || !ids.every((id) => known.has(id))) throw new AppError('CONFLICT', m.orderMismatch);
    const idArray = sql`array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::uuid[]`;
    await tx.execute(sql`
      update ${songs} set order_index = ordered.position - 1
      from unnest(${idArray}) with ordinality as ordered(id, position)
      where ${songs.id} = ordered.id`);
  });
}

/** The housekeeping job for removeUnusedSongAudio: now, then every hour. */
export function startUnusedSongAudioSweep({ db, storage, logger }: { db: Db; storage: Storage; logger: Logger }): PeriodicJob {
  return startPeriodicJob({
    intervalMs: 60 * 60 * 1000,
    async run() {
      const removed = await removeUnusedSongAudio({ db, storage });
      if (removed > 0) logger.info({ removed }, 'removed song audio uploaded a day ago and never saved with a song');
    },
    onError: (error) => logger.error({ err: error }, 'removing unused song audio uploads failed'),
  });
}
