import { useQueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import type { PitchPage, PitchSong } from '../../../common/responses';
import { PlayerBar } from '../../components/player/player-bar';
import type { PlayerSource, QueueItem, SongMedia } from '../../components/player/player-engine';
import { PlayerProvider } from '../../components/player/player-provider';
import { pitchPageQuery } from './pitching-api';
import { pitchTracker } from './pitch-tracker';

/** What the player needs of a shortlisted song: its full demo to begin with, and its other audio versions to switch to. */
export const pitchMedia = (song: PitchSong): SongMedia => {
  const versions = song.versions.filter((v) => v.audioUrl !== null);
  return {
    audioUrl: song.audioUrl,
    imageUrl: song.imageUrl,
    peaks: song.peaks,
    durationSeconds: song.durationSeconds,
    artist: song.writerInfo,
    versions,
    version: versions[0]?.kind,
  };
};

/** A shortlisted song in the queue: the recipient has no song pages, so the bar's title links nowhere. */
export const pitchQueueItem = (song: PitchSong): QueueItem => ({ songId: song.id, title: song.title, slug: null });

const songOf = (page: PitchPage | undefined, item: QueueItem) => page?.songs.find((song) => song.id === item.songId);

/**
 * A pitch page's one player: the shortlist plays in one audio element (starting a song stops the one before),
 * next and previous follow the shortlist, and the bar keeps the song in reach while the recipient scrolls.
 * Plays are reported to the link's own routes; fresh links come with the page read anew.
 */
export function PitchPlayer({ token, children }: { token: string; children: ReactNode }) {
  const queryClient = useQueryClient();
  const source = useMemo<PlayerSource>(() => {
    const query = pitchPageQuery(token);
    return {
      tracker: pitchTracker(token),
      media: async (item, { fresh }) => {
        const song = songOf(await queryClient.fetchQuery({ ...query, ...(fresh ? { staleTime: 0 } : {}) }), item);
        if (!song) throw new Error(`song ${item.songId} is no longer on this link`);
        return pitchMedia(song);
      },
      cached: (item) => {
        const song = songOf(queryClient.getQueryData(query.queryKey), item);
        return song && pitchMedia(song);
      },
    };
  }, [queryClient, token]);
  return (
    <PlayerProvider source={source}>
      {children}
      <PlayerBar />
    </PlayerProvider>
  );
}
