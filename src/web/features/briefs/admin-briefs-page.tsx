import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { BRIEF_STATES, type BriefState } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { AdminBrief } from '../../../common/responses';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { PageMeta } from '../../components/page-meta';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { toast } from '../../lib/toast';
import { BriefFacts } from './brief-facts';
import { adminBriefsQuery, approveBrief, BRIEFS_KEY, closeBrief } from './briefs-api';
import { BriefCounts } from './my-briefs-page';

const m = MESSAGES.briefs;

/** /admin/briefs: briefs by state, with their answers' counts; approve, close or mark filled. */
export function AdminBriefsPage() {
  const [state, setState] = useState<BriefState>('awaiting_approval');
  const list = useQuery(adminBriefsQuery(state));
  return (
    <div className="px-4 py-8 sm:px-6">
      <PageMeta title="Briefs" description="Buyers' briefs by state." />
      <h1 className="text-3xl font-bold">Briefs</h1>
      <div role="group" aria-label="Brief state" className="mt-4 flex flex-wrap gap-2">
        {BRIEF_STATES.map((s) => (
          <Button key={s} variant={s === state ? 'default' : 'outline'} aria-pressed={s === state} onClick={() => setState(s)}>
            {m.stateLabels[s]}
            {list.data ? ` (${list.data.stateCounts[s]})` : ''}
          </Button>
        ))}
      </div>
      <div className="mt-6">
        {list.isPending ? (
          <PageSpinner label="Loading briefs…" />
        ) : list.isError ? (
          <ErrorState title={m.loadFailed} error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.briefs.length === 0 ? (
          <EmptyState icon={Megaphone} message={m.emptyState} />
        ) : (
          <ul aria-label={`${m.stateLabels[state]} briefs`} className="space-y-4">
            {list.data.briefs.map((brief) => (
              <AdminBriefItem key={brief.id} brief={brief} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function AdminBriefItem({ brief }: { brief: AdminBrief }) {
  const queryClient = useQueryClient();
  const act = useMutation({
    mutationFn: (action: 'approve' | 'closed' | 'filled') =>
      action === 'approve' ? approveBrief(brief.id) : closeBrief(brief.id, { state: action }),
    onSuccess: (_, action) => {
      toast.success(action === 'approve' ? m.approved : action === 'filled' ? m.filled : m.closed);
      void queryClient.invalidateQueries({ queryKey: BRIEFS_KEY });
    },
    onError: (error) => toast.error(error instanceof Error ? error.message : m.actionFailed),
  });
  const ended = brief.state === 'closed' || brief.state === 'filled';
  return (
    <li className="rounded-xl border border-border bg-card p-4 shadow-sm">
      <h2 className="text-lg font-semibold break-words">{brief.title}</h2>
      <p className="text-sm text-muted-foreground">
        {brief.owner.name} · {brief.owner.email}
        {brief.owner.company ? ` · ${brief.owner.company}` : ''}
        {brief.showBuyer ? ' · shown to writers' : ' · hidden from writers'}
      </p>
      <BriefFacts brief={brief} />
      <BriefCounts brief={brief} />
      {!ended && (
        <div className="mt-3 flex flex-wrap gap-2">
          {brief.state === 'awaiting_approval' && (
            <Button disabled={act.isPending} onClick={() => act.mutate('approve')}>
              Approve
            </Button>
          )}
          {brief.state === 'open' && (
            <Button variant="outline" disabled={act.isPending} onClick={() => act.mutate('filled')}>
              Mark filled
            </Button>
          )}
          <Button variant="outline" disabled={act.isPending} onClick={() => act.mutate('closed')}>
            Close
          </Button>
        </div>
      )}
    </li>
  );
}
