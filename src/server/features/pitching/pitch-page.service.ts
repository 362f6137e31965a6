import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { PitchLinkKind } from '../../../common/constants';
import { type MusicalKey } from '../../../common/musical-keys';
import type { PitchPage } from '../../../common/responses';
import * as MESSAGES from '../../../common/messages';
import type { Db } from '../../db/client';
import { pitchLinks, pitchLinkSongs, songResponses, songs } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { fileLink, pitchFileSubject, pitchLinkAllowsDownload, pitchLinkSenderAllows } from '../files';
import { recordPlayReport, recordPlayStart } from '../plays';
import { playableVersions } from '../songs';
import { pitchSender } from './pitch-replies.service';
import { hashPitchToken, isPitchTokenShaped } from './pitch-token';
import type { MailSettings } from './responses.service';

/** A pitch link that is neither revoked nor expired. */
export interface LivePitchLink {
  id: string;
  recipientName: string;
  recipientCompany: string | null;
  message: string | null;
  expiresAt: Date;
  downloadAllowed: boolean;
  kind: PitchLinkKind;
  /** A protected share's password hash: the page opens only past it (shares.service.ts). */
  passwordHash: string | null;
}

/** One answer for unknown, revoked and expired links alike, so a caller learns nothing about which. */
const unavailable = () => new AppError('NOT_FOUND', MESSAGES.pitching.linkUnavailableTitle);

export async function findLivePitchLink(db: Db, token: string): Promise<LivePitchLink> {
  if (!isPitchTokenShaped(token)) throw unavailable();
  const [link] = await db
    .select({
      id: pitchLinks.id,
      recipientName: pitchLinks.recipientName,
      recipientCompany: pitchLinks.recipientCompany,
      message: pitchLinks.message,
      expiresAt: pitchLinks.expiresAt,
      downloadAllowed: pitchLinks.downloadAllowed,
      kind: pitchLinks.kind,
      passwordHash: pitchLinks.passwordHash,
    })
    .from(pitchLinks)
    .where(
      and(
        eq(pitchLinks.tokenHash, hashPitchToken(token)),
        isNull(pitchLinks.revokedAt),
        gt(pitchLinks.expiresAt, sql`now()`),
        pitchLinkSenderAllows('pitch_links'),
      ),
    );
  if (!link) throw unavailable();
  return link;
}

/**
 * The recipient's page: the active songs of the shortlist in order, media links signed for this pitch link. Each
 * song carries its versions (decision 0086) with links of this pitch link too, so their plays are the link's and
 * its revocation, expiry and password hold for them; the stems are listed only where the link allows downloads.
 */
export async function openPitchPage({
  db,
  link,
  secret,
  mail,
}: {
  db: Db;
  link: LivePitchLink;
  secret: string;
  mail: MailSettings;
}): Promise<PitchPage> {
  await db
    .update(pitchLinks)
    .set({ lastOpenedAt: sql`now()` })
    .where(eq(pitchLinks.id, link.id));
  const rows = await db
    .select({
      id: songs.id,
      title: songs.title,
      description: songs.description,
      lyrics: songs.lyrics,
      writerInfo: songs.writerInfo,
      writerNames: songs.writerNames,
      genre: songs.genre,
      bpm: songs.bpm,
      musicalKey: songs.musicalKey,
      isOneStop: songs.isOneStop,
      tags: songs.tags,
      audioFileId: songs.audioFileId,
      imageWebFileId: songs.imageWebFileId,
      peaks: songs.audioPeaks,
      durationSeconds: songs.audioDurationSeconds,
      response: songResponses.response,
      note: songResponses.note,
    })
    .from(pitchLinkSongs)
    .innerJoin(songs, and(eq(songs.id, pitchLinkSongs.songId), eq(songs.isActive, true)))
    .leftJoin(songResponses, and(eq(songResponses.songId, songs.id), eq(songResponses.pitchLinkId, link.id)))
    .where(eq(pitchLinkSongs.pitchLinkId, link.id))
    .orderBy(asc(pitchLinkSongs.position));
  const subject = pitchFileSubject(link.id);
  const sender = await pitchSender(db, link.id, mail);
  const pitchLink = (fileId: string) => fileLink(secret, fileId, subject);
  // A share's downloads close when its buyer's do: the page offers only what a download would be given.
  const downloadAllowed = await pitchLinkAllowsDownload(db, link.id);
  const versions = await Promise.all(
    rows.map((song) =>
      playableVersions(
        db,
        { id: song.id, audioFileId: song.audioFileId, audioPeaks: song.peaks, audioDurationSeconds: song.durationSeconds },
        { link: pitchLink, withStems: downloadAllowed },
      ),
    ),
  );
  return {
    recipientName: link.recipientName,
    recipientCompany: link.recipientCompany,
    message: link.message,
    expiresAt: link.expiresAt.toISOString(),
    downloadAllowed,
    kind: link.kind,
    sender,
    songs: rows.map(({ audioFileId, imageWebFileId, response, note, writerNames, musicalKey, ...song }, index) => ({
      ...song,
      // The database keeps the names one per line, in credit order (migration 0024).
      writerNames: writerNames === '' ? [] : writerNames.split('\n'),
      // The column's CHECK holds it to MUSICAL_KEYS.
      musicalKey: musicalKey as MusicalKey | null,
      audioUrl: audioFileId ? pitchLink(audioFileId) : null,
      imageUrl: imageWebFileId ? pitchLink(imageWebFileId) : null,
      response: response ? { response, note } : null,
      versions: versions[index]!,
    })),
  };
}

interface PlayReport {
  durationSeconds: number;
  completed: boolean;
  /** Listen depth; optional until every player sends it. */
  furthestSeconds?: number;
}

/** The recipient's first report of a player creates the play row, for an active song of the shortlist only. */
export async function startPitchPlay({ db, link, songId, report }: { db: Db; link: LivePitchLink; songId: string; report: PlayReport }) {
  const [song] = await db
    .select({ id: songs.id, audioDurationSeconds: songs.audioDurationSeconds })
    .from(pitchLinkSongs)
    .innerJoin(songs, and(eq(songs.id, pitchLinkSongs.songId), eq(songs.isActive, true)))
    .where(and(eq(pitchLinkSongs.pitchLinkId, link.id), eq(pitchLinkSongs.songId, songId)));
  if (!song) throw new AppError('NOT_FOUND', MESSAGES.songs.notFound);
  return recordPlayStart({
    db,
    listener: { kind: 'pitch', pitchLinkId: link.id },
    song,
    report: { ...report, furthestSeconds: report.furthestSeconds ?? 0 },
  });
}

/** Later reports of the same player, under the same rules as a signed-in listener's. */
export async function updatePitchPlay({ db, link, id, report }: { db: Db; link: LivePitchLink; id: string; report: PlayReport }) {
  await recordPlayReport({
    db,
    listener: { kind: 'pitch', pitchLinkId: link.id },
    id,
    report: { ...report, furthestSeconds: report.furthestSeconds ?? 0 },
  });
}
