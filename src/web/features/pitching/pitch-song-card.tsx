import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PitchPage, PitchSong } from '../../../common/responses';
import * as MESSAGES from '../../../common/messages';
import type { SongResponseValues } from '../../../common/schemas/pitching';
import type { QueueItem } from '../../components/player/player-engine';
import { SongCover } from '../../components/player/song-cover';
import { OneStopBadge, SongFacts, SongTags, writtenBy } from '../../components/player/song-facts';
import { SongPlayer } from '../../components/player/song-player';
import { clearPitchResponse, pitchPageQuery, savePitchResponse } from './pitching-api';
import { pitchMedia } from './pitch-player';
import { SongResponseControl } from './song-response-control';
import { DownloadButtons } from '../../components/download-buttons';

/** One song of a pitch page: cover, facts, its player (the page's one player, stream only), hold or pass, and its lyrics. */
export function PitchSongCard({
  token,
  song,
  position,
  queue,
  downloadAllowed = false,
}: {
  token: string;
  song: PitchSong;
  position: number;
  /** The link lets its recipient download each song's tagged MP3 and lyric sheet. */
  downloadAllowed?: boolean;
  /** The shortlist, as the player's queue. */
  queue: readonly QueueItem[];
}) {
  const queryClient = useQueryClient();
  const query = pitchPageQuery(token);
  // The cover keeps the link it loaded with: a refetch for a fresh audio link would otherwise reload it.
  const [imageUrl] = useState(song.imageUrl);
  const item = queue[position - 1]!;
  const headingId = `pitch-song-${song.id}`;

  // The answer changes in the cache only: refetching the page would sign every media link again.
  const setAnswer = (values: SongResponseValues | null) =>
    queryClient.setQueryData<PitchPage>(
      query.queryKey,
      (page) => page && { ...page, songs: page.songs.map((s) => (s.id === song.id ? { ...s, response: values } : s)) },
    );

  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-6">
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        {/* As on the song page, but smaller still under the page's own introduction: on a phone the first
            song's player shows on the first screen; the player comes before the tags and description. */}
        <div className="mx-auto w-full max-w-28 sm:max-w-64 md:max-w-none">
          <SongCover imageUrl={imageUrl} title={song.title} />
        </div>
        <div className="min-w-0">
          <p className="text-sm font-medium text-muted-foreground">Song {position}</p>
          <h2 id={headingId} className="mt-1 break-words text-2xl font-bold sm:text-3xl">
            {song.title}
          </h2>
          {/* The writers are the song's credit; its free-text writer info only stands in for a song without them. */}
          {song.writerNames.length > 0 ? (
            <p className="mt-2 text-muted-foreground">{writtenBy(song.writerNames)}</p>
          ) : (
            song.writerInfo && <p className="mt-2 text-muted-foreground">{song.writerInfo}</p>
          )}
          <SongFacts genre={song.genre} bpm={song.bpm} musicalKey={song.musicalKey} className="mt-3" />
          {song.isOneStop && <OneStopBadge className="mt-3" />}
          {song.audioUrl ? (
            <SongPlayer className="mt-6" item={item} media={pitchMedia(song)} queue={queue} />
          ) : (
            <p className="mt-6 rounded-xl border border-border bg-card p-4 text-sm text-muted-foreground">
              {MESSAGES.songs.audioLoadError}
            </p>
          )}
          <SongResponseControl
            className="mt-4"
            songTitle={song.title}
            current={song.response}
            save={(values) => savePitchResponse(token, song.id, values).then(() => setAnswer(values))}
            clear={() => clearPitchResponse(token, song.id).then(() => setAnswer(null))}
            onChanged={() => undefined}
          />
          {downloadAllowed && (
            <DownloadButtons className="mt-4" base={`/api/pitch/${encodeURIComponent(token)}/songs/${song.id}`} songTitle={song.title} />
          )}
          <SongTags tags={song.tags} className="mt-6" />
          <p className="mt-4 leading-7 text-foreground/90">{song.description}</p>
        </div>
      </div>
      <details className="group mt-6 rounded-xl border border-border">
        <summary className="cursor-pointer rounded-xl px-4 py-3 font-semibold hover:bg-muted">
          Lyrics<span className="sr-only"> of {song.title}</span>
        </summary>
        <p className="whitespace-pre-wrap break-words border-t border-border px-4 py-4 leading-7">{song.lyrics}</p>
      </details>
    </article>
  );
}
