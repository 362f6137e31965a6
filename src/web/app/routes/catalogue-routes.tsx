import type { RouteObject } from 'react-router';
import { PAGE_PATHS } from '../../../common/routes';
import { page } from '../lazy-page';
import { RouteGuard, requireCatalogueAccess } from '../route-guards';

/** The catalogue, for preview users and admins. */
export const catalogueRoutes: RouteObject[] = [
  {
    element: <RouteGuard decide={requireCatalogueAccess} />,
    children: [
      {
        // One player for the catalogue's pages: a song plays on from page to page, in the bar.
        ...page(
          () => import('../../features/songs/catalogue-layout'),
          (m) => m.CatalogueLayout,
        ),
        children: [
          {
            path: PAGE_PATHS.songs,
            ...page(
              () => import('../../features/songs/songs-page'),
              (m) => m.SongsPage,
            ),
          },
          {
            path: PAGE_PATHS.song,
            ...page(
              () => import('../../features/songs/song-page'),
              (m) => m.SongPage,
            ),
          },
          {
            path: PAGE_PATHS.myHolds,
            ...page(
              () => import('../../features/pitching/my-holds-page'),
              (m) => m.MyHoldsPage,
            ),
          },
          {
            path: PAGE_PATHS.myBriefs,
            ...page(
              () => import('../../features/briefs/my-briefs-page'),
              (m) => m.MyBriefsPage,
            ),
          },
          {
            path: PAGE_PATHS.newBrief,
            ...page(
              () => import('../../features/briefs/write-brief-page'),
              (m) => m.WriteBriefPage,
            ),
          },
          {
            path: PAGE_PATHS.playlists,
            ...page(
              () => import('../../features/playlists/playlists-page'),
              (m) => m.PlaylistsPage,
            ),
          },
          {
            path: PAGE_PATHS.playlist,
            ...page(
              () => import('../../features/playlists/playlist-page'),
              (m) => m.PlaylistPage,
            ),
          },
          {
            path: PAGE_PATHS.shares,
            ...page(
              () => import('../../features/pitching/shares-page'),
              (m) => m.SharesPage,
            ),
          },
          {
            path: PAGE_PATHS.share,
            ...page(
              () => import('../../features/pitching/shares-page'),
              (m) => m.SharePage,
            ),
          },
        ],
      },
    ],
  },
];
