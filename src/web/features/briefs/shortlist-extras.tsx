import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import * as MESSAGES from '../../../common/messages';
import { SongHoldPass } from '../pitching';
import { briefShortlistQuery } from './screening-api';

const m = MESSAGES.briefShortlist;

/**
 * For a playlist that is a brief's shortlist: each row's reviewer's reason (or that the staff added it) and, for
 * the owner, hold and pass as on the song's page. Undefined while the reasons load, or for an ordinary playlist.
 */
export function useShortlistExtras(
  briefId: string | null,
  mine: boolean,
): ((song: { songId: string; title: string }) => ReactNode) | undefined {
  const shortlist = useQuery({ ...briefShortlistQuery(briefId ?? ''), enabled: briefId !== null });
  if (!briefId || !shortlist.data) return undefined;
  const reasons = new Map(shortlist.data.songs.map((s) => [s.songId, s.reason]));
  return function ShortlistRowExtra(song) {
    const reason = reasons.get(song.songId);
    return (
      <div className="mt-1 grid gap-2">
        <p className="break-words text-sm">
          {reason ? (
            <>
              <span className="text-muted-foreground">Reviewer: </span>“{reason}”
            </>
          ) : (
            <span className="text-muted-foreground">{m.addedByStaff}</span>
          )}
        </p>
        {mine && <SongHoldPass songId={song.songId} songTitle={song.title} />}
      </div>
    );
  };
}
