import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { PitchPage, PitchSong } from '../../../common/responses';
import * as MESSAGES from '../../../common/messages';
import type { SongResponseValues } from '../../../common/schemas/pitching';
import { AudioPlayer } from '../../components/player/audio-player';
import { SongCover } from '../../components/player/song-cover';
import { SongFacts, SongTags } from '../../components/player/song-facts';
import { clearPitchResponse, pitchPageQuery, savePitchResponse } from './pitching-api';
import { pitchTracker } from './pitch-tracker';
import { SongResponseControl } from './song-response-control';

/** One song of a pitch page: cover, facts, the player (stream only), hold or pass, and its lyrics. */
export function PitchSongCard({ token, song, position }: { token: string; song: PitchSong; position: number }) {
  const queryClient = useQueryClient();
  const query = pitchPageQuery(token);
  // The cover keeps the link it loaded with: a refetch for a fresh audio link would otherwise reload it.
  const [imageUrl] = useState(song.imageUrl);
  const tracker = useMemo(() => pitchTracker(token), [token]);
  const headingId = `pitch-song-${song.id}`;

  // The answer changes in the cache only: refetching the page would sign every media link again.
  const setAnswer = (values: SongResponseValues | null) =>
    queryClient.setQueryData<PitchPage>(
      query.queryKey,
      (page) => page && { ...page, songs: page.songs.map((s) => (s.id === song.id ? { ...s, response: values } : s)) },
    );

  const refreshAudio = async () => {
    const fresh = await queryClient.fetchQuery({ ...query, staleTime: 0 });
    return fresh.songs.find((s) => s.id === song.id)?.audioUrl ?? null;
  };

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
          {song.writerInfo && <p className="mt-2 text-muted-foreground">{song.writerInfo}</p>}
          <SongFacts genre={song.genre} bpm={song.bpm} className="mt-3" />
          {song.audioUrl ? (
            <AudioPlayer
              className="mt-6"
              songId={song.id}
              title={song.title}
              src={song.audioUrl}
              peaks={song.peaks}
              durationSeconds={song.durationSeconds}
              tracker={tracker}
              refreshSrc={refreshAudio}
            />
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
