import { useQuery } from '@tanstack/react-query';
import { MessageSquareText } from 'lucide-react';
import { useSearchParams } from 'react-router';
import * as MESSAGES from '../../../../common/messages';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageMeta } from '../../../components/page-meta';
import { Pagination } from '../../../components/pagination';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { adminReviewListQuery, REVIEW_TABS, type ReviewTab } from './admin-reviews-api';
import { SearchField } from '../../../components/search-field';
import { ReviewsTable } from './reviews-table';

const m = MESSAGES.reviews;
const LABELS: Record<ReviewTab, string> = { pending: 'Pending', completed: 'Completed' };
const isTab = (value: string | null): value is ReviewTab => REVIEW_TABS.some((t) => t === value);

/** /admin/songwriter-reviews: the songs to review (Pending, oldest first) and the sent ones. Tab, search and page live in the URL. */
export function AdminReviewsPage() {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: ReviewTab = isTab(tabParam) ? tabParam : 'pending';
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useQuery(adminReviewListQuery(tab, q, page));

  const update = (next: { tab?: ReviewTab; q?: string; page?: number }) => {
    const p = new URLSearchParams(params);
    const nextTab = next.tab ?? tab;
    if (nextTab === 'pending') p.delete('tab');
    else p.set('tab', nextTab);
    const nextQ = next.q ?? q;
    if (nextQ) p.set('q', nextQ);
    else p.delete('q');
    const nextPage = next.page ?? 1;
    if (nextPage > 1) p.set('page', String(nextPage));
    else p.delete('page');
    setParams(p);
  };

  const empty = q ? m.reviewsNoMatches : tab === 'pending' ? m.reviewsEmptyPending : m.reviewsEmptyCompleted;

  return (
    <div>
      <PageMeta title="Songwriter Reviews" description="Songs waiting for a review, sent reviews and the conversations with songwriters." />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Songwriter Reviews</h1>
          <p className="mt-1 text-muted-foreground">
            Listen, write the review and answer the songwriters{list.data && !list.isPlaceholderData ? ` (${list.data.total} ${LABELS[tab].toLowerCase()})` : ''}.
          </p>
        </div>
        <SearchField
          value={q}
          onChange={(next) => update({ q: next })}
          searchLabel="Search songwriter reviews"
          placeholder="Songwriter, song title or email"
          className="w-full sm:w-80"
        />
      </div>

      <Tabs value={tab} onValueChange={(value) => update({ tab: value as ReviewTab, q })} className="mt-6">
        <TabsList aria-label="Reviews">
          {REVIEW_TABS.map((t) => (
            <TabsTrigger key={t} value={t}>
              {LABELS[t]}
            </TabsTrigger>
          ))}
        </TabsList>
        {REVIEW_TABS.map((t) => (
          <TabsContent key={t} value={t} className="mt-4">
            {t === tab &&
              (list.isPending ? (
                <PageSpinner label="Loading reviews…" />
              ) : list.isError ? (
                <ErrorState title={m.reviewsLoadFailed} error={list.error} onRetry={() => void list.refetch()} />
              ) : list.data.rows.length === 0 ? (
                <EmptyState icon={MessageSquareText} message={empty}>
                  {page > 1 && (
                    <Button variant="outline" size="sm" onClick={() => update({ page: 1 })}>
                      Go to the first page
                    </Button>
                  )}
                </EmptyState>
              ) : (
                <div aria-busy={list.isPlaceholderData} className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
                  <ReviewsTable rows={list.data.rows} tab={tab} />
                  <Pagination page={page} total={list.data.total} pageSize={list.data.pageSize} onPage={(p) => update({ page: p })} />
                </div>
              ))}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
