import { useQuery } from '@tanstack/react-query';
import { Megaphone, Plus } from 'lucide-react';
import { Link } from 'react-router';
import * as MESSAGES from '../../../common/messages';
import type { OwnBrief } from '../../../common/responses';
import { PAGE_PATHS } from '../../../common/routes';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { PageMeta } from '../../components/page-meta';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { BriefFacts } from './brief-facts';
import { myBriefsQuery } from './briefs-api';

const m = MESSAGES.briefs;

/** The counts line of a brief: answers, screened, shortlisted, held. */
export function BriefCounts({ brief }: { brief: OwnBrief }) {
  const { answers, screened, shortlisted, held } = brief.counts;
  return (
    <p className="mt-2 text-sm text-muted-foreground">
      {answers} {answers === 1 ? 'song' : 'songs'} sent · {screened} screened · {shortlisted} shortlisted · {held} on hold
    </p>
  );
}

/** /my-briefs: the buyer's own briefs, newest first, each with its state and how far its answers came. */
export function MyBriefsPage() {
  const mine = useQuery(myBriefsQuery);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-12">
      <PageMeta title="My briefs" description="What you are looking for, answered by songwriters." />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-4xl font-bold">My briefs</h1>
          <p className="mt-2 text-muted-foreground">Tell songwriters what you are looking for; reviewers screen what they send.</p>
        </div>
        <Button asChild>
          <Link to={PAGE_PATHS.newBrief}>
            <Plus aria-hidden="true" />
            Write a brief
          </Link>
        </Button>
      </div>
      <div className="mt-8">
        {mine.isPending ? (
          <PageSpinner label="Loading your briefs…" />
        ) : mine.isError ? (
          <ErrorState title={m.loadFailed} error={mine.error} onRetry={() => void mine.refetch()} />
        ) : mine.data.length === 0 ? (
          <EmptyState icon={Megaphone} message={m.emptyMine} />
        ) : (
          <ul aria-label="Your briefs" className="space-y-4">
            {mine.data.map((brief) => (
              <li key={brief.id} className="rounded-xl border border-border bg-card p-4 shadow-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="text-lg font-semibold break-words">{brief.title}</h2>
                  <Badge variant="secondary">{m.stateLabels[brief.state]}</Badge>
                </div>
                <BriefFacts brief={brief} />
                <BriefCounts brief={brief} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
