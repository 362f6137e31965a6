import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CataloguePage, CatalogueSong, PostedComment } from '../../../common/responses';
import type { CommentInput } from '../../../common/schemas/songs';
import { api } from '../../lib/api';
import { CATALOGUE_KEY } from '../../lib/query-keys';

/** Cards per page of /songs; the API's default too. */
export const CATALOGUE_PAGE_SIZE = 24;

export interface CatalogueFilters {
  q?: string;
  genre?: string;
  bpmMin?: number;
  bpmMax?: number;
  page: number;
}

export const catalogueQuery = (filters: CatalogueFilters) =>
  queryOptions({
    queryKey: [...CATALOGUE_KEY, 'list', filters],
    queryFn: ({ signal }) => api<CataloguePage>('/api/songs', { query: { ...filters, pageSize: CATALOGUE_PAGE_SIZE }, signal }),
    // Keep the current cards on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export const songQuery = (slug: string) =>
  queryOptions({
    queryKey: [...CATALOGUE_KEY, 'detail', slug],
    queryFn: ({ signal }) => api<CatalogueSong>(`/api/songs/${encodeURIComponent(slug)}`, { signal }),
    // A refetch brings new signed media links; the player asks for one itself when its link fails, so there
    // is no need to refetch on focus (the page keeps its picture and the player its link meanwhile).
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });

export const postComment = (slug: string, input: CommentInput) =>
  api<PostedComment>(`/api/songs/${encodeURIComponent(slug)}/comments`, { method: 'POST', body: input });
