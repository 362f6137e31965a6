import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import { Outlet } from 'react-router';
import type { CatalogueSong } from '../../../common/responses';
import * as MESSAGES from '../../../common/messages';
import { PlayerBar } from '../../components/player/player-bar';
import type { PlayerSource, QueueItem } from '../../components/player/player-engine';
import { PlayerProvider } from '../../components/player/player-provider';
import { PageSpinner } from '../../components/ui/spinner';
import { catalogueMedia, songQuery } from './catalogue-api';
import { catalogueTracker } from './catalogue-tracker';

/** Media fetched this long ago is used as it is: its links are signed for an hour, and a failed one is fetched again on Play. */
const CACHED_MEDIA_MS = 30 * 60_000;

const slugOf = (item: QueueItem) => {
  if (!item.slug) throw new Error(`catalogue song ${item.songId} without a slug`);
  return item.slug;
};

/**
 * The catalogue's pages (the list, a song, My holds) in one player: the song goes on playing from page to
 * page, in the bar at the bottom. Leaving the catalogue stops it; the admin area and the public pages have no
 * player. A song's media is its song read (the one its page shows), fetched when it is first played.
 */
export function CatalogueLayout() {
  const queryClient = useQueryClient();
  const source = useMemo<PlayerSource>(
    () => ({
      tracker: catalogueTracker,
      media: async (item, { fresh }) =>
        catalogueMedia(await queryClient.fetchQuery({ ...songQuery(slugOf(item)), ...(fresh ? { staleTime: 0 } : {}) })),
      cached: (item) => {
        if (!item.slug) return undefined;
        const state = queryClient.getQueryState<CatalogueSong>(songQuery(item.slug).queryKey);
        return state?.data && Date.now() - state.dataUpdatedAt < CACHED_MEDIA_MS ? catalogueMedia(state.data) : undefined;
      },
    }),
    [queryClient],
  );
  return (
    <PlayerProvider source={source}>
      {/* A page whose code is still loading waits here, so the bar (and the song) stay. */}
      <Suspense fallback={<PageSpinner label={MESSAGES.generic.loading} />}>
        <Outlet />
      </Suspense>
      <PlayerBar />
    </PlayerProvider>
  );
}
