import { useQuery } from '@tanstack/react-query';
import { MessageSquareText } from 'lucide-react';
import { REVIEW_LIST_TABS, type ReviewListTab } from '../../../../common/constants';
import * as MESSAGES from '../../../../common/messages';
import { AdminReviewListQuerySchema } from '../../../../common/schemas/reviews';
import { EmptyState } from '../../../components/empty-state';
import { QueryState } from '../../../components/query-state';
import { PageMeta } from '../../../components/page-meta';
import { Pagination } from '../../../components/pagination';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useListSearch } from '../../../lib/search-params';
import { adminReviewListQuery } from './admin-reviews-api';
import { SearchField } from '../../../components/search-field';
import { ReviewsTable } from './reviews-table';

const m = MESSAGES.reviews;
const LABELS: Record<ReviewListTab, string> = { pending: 'Pending', completed: 'Completed' };

/** /admin/songwriter-reviews: the songs to review (Pending, soonest due first) and the sent ones. Tab, search and page live in the URL. */
export function AdminReviewsPage() {
  const [{ tab, q = '', page }, update] = useListSearch(AdminReviewListQuerySchema);
  const list = useQuery(adminReviewListQuery(tab, q, page));

  const empty = q ? m.reviewsNoMatches : tab === 'pending' ? m.reviewsEmptyPending : m.reviewsEmptyCompleted;

  return (
    <div>
      <PageMeta title="Songwriter Reviews" description="Songs waiting for a review, sent reviews and the conversations with songwriters." />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Songwriter Reviews</h1>
          <p className="mt-1 text-muted-foreground">
            Listen, write the review and answer the songwriters
            {list.data && !list.isPlaceholderData ? ` (${list.data.total} ${LABELS[tab].toLowerCase()})` : ''}.
          </p>
        </div>
        <SearchField
          value={q}
          onChange={(next) => update({ q: next }, true)}
          searchLabel="Search songwriter reviews"
          placeholder="Songwriter, song title or email"
          className="w-full sm:w-80"
        />
      </div>

      <Tabs value={tab} onValueChange={(value) => update({ tab: value })} className="mt-6">
        <TabsList aria-label="Reviews">
          {REVIEW_LIST_TABS.map((t) => (
            <TabsTrigger key={t} value={t}>
              {LABELS[t]}
            </TabsTrigger>
          ))}
        </TabsList>
        {REVIEW_LIST_TABS.map((t) => (
          <TabsContent key={t} value={t} className="mt-4">
            {t === tab && (
              <QueryState
                query={list}
                pending={<PageSpinner label="Loading reviews…" />}
                errorTitle={m.reviewsLoadFailed}
                isEmpty={(data) => data.rows.length === 0}
                empty={
                  <EmptyState icon={MessageSquareText} message={empty}>
                    {page > 1 && (
                      <Button variant="outline" size="sm" onClick={() => update({ page: 1 })}>
                        Go to the first page
                      </Button>
                    )}
                  </EmptyState>
                }
              >
                {(data) => (
                  <div aria-busy={list.isPlaceholderData} className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
                    <ReviewsTable rows={data.rows} tab={tab} />
                    <Pagination page={page} total={data.total} pageSize={data.pageSize} onPage={(p) => update({ page: p })} />
                  </div>
                )}
              </QueryState>
            )}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
