import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CatalogueSort } from '../../../common/constants';
import { type MusicalKey } from '../../../common/musical-keys';
import type { CataloguePage, CatalogueSong, PostedComment } from '../../../common/responses';
import type { CommentInput } from '../../../common/schemas/songs';
import type { SongMedia } from '../../components/player/player-engine';
import { api } from '../../lib/api';
import { CATALOGUE_KEY } from '../../lib/query-keys';

/** How often a page showing a song as Processing asks again, until its audio is there. */
const PROCESSING_POLL_MS = 5_000;

/** Cards per page of /songs; the API's default too. */
export const CATALOGUE_PAGE_SIZE = 24;

export interface CatalogueFilters {
  q?: string;
  genre?: string;
  key?: MusicalKey;
  /** One-stop songs only. */
  oneStop?: boolean;
  bpmMin?: number;
  bpmMax?: number;
  /** Songs whose first chorus starts by this many seconds. */
  chorusBy?: number;
  /** Songs whose intro is shorter than this many seconds. */
  introUnder?: number;
  /** Only songs added since the listener's last visit. */
  newOnly?: boolean;
  /** The admin's order when none. */
  sort?: CatalogueSort;
}

/** How many songs match: exact, or the count's cap and more. */
export interface CatalogueCount {
  total: number;
  capped: boolean;
}

/** "1 song", "24 songs", or past the count's cap "more than 1,000 songs". */
export const songCount = (total: number, capped = false) =>
  capped ? `more than ${total.toLocaleString('en-US')} songs` : total === 1 ? '1 song' : `${total.toLocaleString('en-US')} songs`;

/**
 * The catalogue's pages for these filters: the first, then each asked for with the cursor the one before gave
 * (keyset pages: a later page costs what the first does, and a song added meanwhile neither repeats nor hides one).
 */
export const catalogueQuery = (filters: CatalogueFilters) =>
  infiniteQueryOptions({
    queryKey: [...CATALOGUE_KEY, 'list', filters],
    queryFn: ({ signal, pageParam }) =>
      api<CataloguePage>('/api/songs', {
        query: {
          ...filters,
          oneStop: filters.oneStop ? 'true' : undefined,
          newOnly: filters.newOnly ? 'true' : undefined,
          pageSize: CATALOGUE_PAGE_SIZE,
          after: pageParam,
        },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Keep the current cards on screen while a filter's first page loads.
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.rows.some((song) => song.audioProcessing)) ? PROCESSING_POLL_MS : false,
  });

export const songQuery = (slug: string) =>
  queryOptions({
    queryKey: [...CATALOGUE_KEY, 'detail', slug],
    queryFn: ({ signal }) => api<CatalogueSong>(`/api/songs/${encodeURIComponent(slug)}`, { signal }),
    // A refetch brings new signed media links; the player asks for one itself when its link fails, so there
    // is no need to refetch on focus (the page keeps its picture and the player its link meanwhile).
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.data?.audioProcessing ? PROCESSING_POLL_MS : false),
  });

/** What the player needs of a catalogue song: its full demo to begin with, and its other audio versions to switch to. */
export const catalogueMedia = (song: CatalogueSong): SongMedia => {
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

export const postComment = (slug: string, input: CommentInput) =>
  api<PostedComment>(`/api/songs/${encodeURIComponent(slug)}/comments`, { method: 'POST', body: input });
