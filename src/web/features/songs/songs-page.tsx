import { useInfiniteQuery } from '@tanstack/react-query';
import { Music } from 'lucide-react';
import { useSearchParams } from 'react-router';
import * as MESSAGES from '../../../common/messages';
import type { CatalogueSort, CatalogueView } from '../../../common/constants';
import { CatalogueQuerySchema, CatalogueViewSchema } from '../../../common/schemas/catalogue';
import { EmptyState } from '../../components/empty-state';
import { QueryState } from '../../components/query-state';
import { PageHeading } from '../../components/page-heading';
import { PageMeta } from '../../components/page-meta';
import { StaleLinkNotice } from '../../components/stale-link-notice';
import { Button } from '../../components/ui/button';
import { catalogueQuery, songCount, type CatalogueFilters as Filters } from './catalogue-api';
import { CatalogueFilterSheet } from './catalogue-filter-sheet';
import { CatalogueFilters, hasAnyFilter, type FilterPatch } from './catalogue-filters';
import { CatalogueResults, CatalogueToolbar } from './catalogue-views';
import { SongListSkeleton } from './song-list-skeleton';
import { SoundsLikeEntry } from './sounds-like-entry';
import { SITE_NAME } from '../../lib/site-name';

// An old link's `page` is left out: the list now grows by its cursor from the first songs (decision 0090).
const FILTER_KEYS = ['q', 'genre', 'key', 'oneStop', 'newOnly', 'bpmMin', 'bpmMax', 'chorusBy', 'introUnder', 'sort'] as const;

/** The filters in the URL, with the same schema the API uses; a hand-edited bad value is simply ignored. */
function readFilters(params: URLSearchParams): Filters {
  const raw: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) raw[key] = value;
  }
  let parsed = CatalogueQuerySchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
    parsed = CatalogueQuerySchema.safeParse(raw);
  }
  if (!parsed.success) return {};
  const { q, genre, key, oneStop, newOnly, bpmMin, bpmMax, chorusBy, introUnder, sort } = parsed.data;
  return {
    q: q || undefined,
    genre: genre || undefined,
    key,
    oneStop: oneStop || undefined,
    newOnly: newOnly || undefined,
    bpmMin,
    bpmMax,
    chorusBy,
    introUnder,
    sort: sort === 'catalogue' ? undefined : sort,
  };
}

/** Cards or the dense list, from the URL; cards unless it says otherwise. */
const readView = (params: URLSearchParams): CatalogueView => {
  const parsed = CatalogueViewSchema.safeParse({ view: params.get('view') ?? undefined });
  return (parsed.success && parsed.data.view) || 'cards';
};

/**
 * /songs: the catalogue for preview users and admins. Search, genre, key, one-stop, new since the last visit, BPM,
 * sort and view (cards or list) live in the URL; "Show more songs" follows the cursor of the last page.
 */
export function SongsPage() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const view = readView(params);
  const list = useInfiniteQuery(catalogueQuery(filters));
  const first = list.data?.pages[0];
  const count = first && !list.isPlaceholderData ? { total: first.total, capped: first.totalCapped } : undefined;
  const hasFilters = hasAnyFilter(filters);

  const write = (next: Filters, { nextView = readView(new URLSearchParams(window.location.search)) }: WriteOptions = {}) => {
    const p = new URLSearchParams();
    if (next.q) p.set('q', next.q);
    if (next.genre) p.set('genre', next.genre);
    if (next.key) p.set('key', next.key);
    if (next.oneStop) p.set('oneStop', 'true');
    if (next.bpmMin !== undefined) p.set('bpmMin', String(next.bpmMin));
    if (next.bpmMax !== undefined) p.set('bpmMax', String(next.bpmMax));
    if (next.chorusBy !== undefined) p.set('chorusBy', String(next.chorusBy));
    if (next.introUnder !== undefined) p.set('introUnder', String(next.introUnder));
    if (next.newOnly) p.set('newOnly', 'true');
    if (next.sort) p.set('sort', next.sort);
    if (nextView !== 'cards') p.set('view', nextView);
    // Filtering replaces the history entry (no Back step per keystroke) and keeps the scroll position.
    setParams(p, { replace: true, preventScrollReset: true });
  };
  // From the address bar, not this render's filters: a change made before the last one is drawn keeps it.
  const current = () => readFilters(new URLSearchParams(window.location.search));
  const changeFilters = (patch: FilterPatch) => write({ ...current(), ...patch });
  // Clearing the filters keeps the sort: it is how the list is read, not what it holds.
  const clearFilters = () => write({ sort: current().sort });
  const changeSort = (sort: CatalogueSort) => write({ ...current(), sort: sort === 'catalogue' ? undefined : sort });
  const changeView = (nextView: CatalogueView) => write(current(), { nextView });

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-16">
      <PageMeta
        title={MESSAGES.songs.listTitle}
        description={`Songs written by the ${SITE_NAME} team for artists, publishers and producers to consider: listen, read the lyrics and comment.`}
      />
      <PageHeading
        eyebrow="Catalogue"
        title={MESSAGES.songs.listTitle}
        lead="Songs our writers have ready for the right artist. Search by title, lyrics, tag, writer or key, or narrow by genre, key, tempo and one-stop clearance."
      />
      <StaleLinkNotice className="mt-6" />
      {/* Below 640 px the filters wait in a sheet behind one button, beside "Sounds like…", so the first screen shows songs. */}
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <div className="sm:hidden">
          <CatalogueFilterSheet
            filters={filters}
            genres={first?.genres ?? []}
            total={count}
            onChange={changeFilters}
            onClear={clearFilters}
          />
        </div>
        <SoundsLikeEntry />
      </div>
      <div className="mt-8 hidden sm:block">
        <CatalogueFilters filters={filters} genres={first?.genres ?? []} onChange={changeFilters} onClear={clearFilters} />
      </div>

      <div className="mt-6 sm:mt-8">
        <CatalogueToolbar sort={filters.sort ?? 'catalogue'} view={view} onSort={changeSort} onView={changeView} />
      </div>

      <div className="mt-4">
        <QueryState query={list} pending={<SongListSkeleton />} errorTitle={MESSAGES.songs.loadFailed}>
          {(data) => {
            const rows = data.pages.flatMap((p) => p.rows);
            const { total, totalCapped } = data.pages[0]!;
            return (
              <>
                <p className="text-sm text-muted-foreground" aria-live="polite" aria-busy={list.isPlaceholderData || undefined}>
                  {totalCapped ? `More than ${total.toLocaleString('en-US')} songs` : songCount(total)}
                  {hasFilters ? (total === 1 && !totalCapped ? ' matches your search' : ' match your search') : ''}
                </p>
                {rows.length === 0 ? (
                  <div className="mt-4">
                    <EmptyState icon={Music} message={hasFilters ? MESSAGES.songs.noMatches : MESSAGES.songs.empty}>
                      {hasFilters ? (
                        <Button variant="outline" size="sm" onClick={clearFilters}>
                          Clear filters
                        </Button>
                      ) : null}
                    </EmptyState>
                  </div>
                ) : (
                  <CatalogueResults
                    // A new filter starts a new selection; switching the view or showing more keeps it.
                    key={JSON.stringify(filters)}
                    rows={rows}
                    view={view}
                    showHeld={filters.sort === 'held'}
                    dimmed={list.isPlaceholderData}
                  />
                )}
                {list.hasNextPage ? (
                  <div className="mt-6 flex justify-center">
                    <Button variant="outline" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                      {list.isFetchingNextPage ? 'Loading more songs…' : MESSAGES.songs.loadMore}
                    </Button>
                  </div>
                ) : null}
              </>
            );
          }}
        </QueryState>
      </div>
    </div>
  );
}

interface WriteOptions {
  /** The view to show; the current one when not given. */
  nextView?: CatalogueView;
}
