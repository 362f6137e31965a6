import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AudioWaveform } from 'lucide-react';
import { Link } from 'react-router';
import type { FailedAnalysis, Ok } from '../../../../common/responses';
import * as MESSAGES from '../../../../common/messages';
import { PAGE_PATHS, pathTo } from '../../../../common/routes';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { InlineSpinner } from '../../../components/ui/spinner';
import { api, isApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';

const FAILED_ANALYSES_KEY = ['admin', 'analysis-jobs'] as const;

const failedAnalysesQuery = queryOptions({
  queryKey: FAILED_ANALYSES_KEY,
  queryFn: ({ signal }) => api<FailedAnalysis[]>('/api/admin/analysis-jobs', { signal }),
});

/** What a failed analysis's file belongs to, linked where the admin can act on it. */
function Subject({ job }: { job: FailedAnalysis }) {
  const name = job.fileName ?? 'Untitled file';
  if (job.subject.kind === 'song')
    return (
      <Link to={pathTo(PAGE_PATHS.adminSongEdit, { id: job.subject.id })} className="link font-medium">
        {job.subject.title}
      </Link>
    );
  if (job.subject.kind === 'submission')
    return (
      <Link to={pathTo(PAGE_PATHS.adminSongwriterReview, { id: job.subject.id })} className="link font-medium">
        {job.subject.title}
      </Link>
    );
  return <span className="font-medium">{name} (not yet saved with a song)</span>;
}

/**
 * The audio whose analysis failed, each with why and a button to analyse it again; nothing shows while none
 * has failed.
 */
export function FailedAnalyses() {
  const queryClient = useQueryClient();
  const failed = useQuery(failedAnalysesQuery);
  const retry = useMutation({
    mutationFn: (id: string) => api<Ok>(`/api/admin/analysis-jobs/${id}/retry`, { method: 'POST' }),
    onSuccess: () => {
      toast.success(MESSAGES.audioAnalysis.retried);
      void queryClient.invalidateQueries({ queryKey: FAILED_ANALYSES_KEY });
    },
    onError: (error) => toast.error(isApiError(error) ? error.message : MESSAGES.generic.unexpected),
  });
  if (!failed.data || failed.data.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="failed-analyses-title" className="mt-6">
      <CardHeader>
        <CardTitle id="failed-analyses-title">{MESSAGES.audioAnalysis.failedJobsTitle}</CardTitle>
        <CardDescription>{MESSAGES.audioAnalysis.failedJobsDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border">
          {failed.data.map((job) => (
            <li key={job.id} className="flex flex-wrap items-start gap-3 py-3">
              <AudioWaveform aria-hidden="true" className="mt-1 size-4 shrink-0 text-muted-foreground" />
              <div className="min-w-0 flex-1">
                <Subject job={job} />
                <p className="text-sm text-muted-foreground">
                  {job.fileName ?? 'Untitled file'} · <time dateTime={job.failedAt}>{formatDate(job.failedAt)}</time> · {job.attempts}{' '}
                  {job.attempts === 1 ? 'try' : 'tries'}
                </p>
                <p className="mt-1 text-sm">{job.reason}</p>
              </div>
              <Button
                size="sm"
                variant="outline"
                disabled={retry.isPending}
                aria-label={MESSAGES.audioAnalysis.retryFailedJob(job.fileName ?? 'Untitled file')}
                onClick={() => retry.mutate(job.id)}
              >
                {retry.isPending && retry.variables === job.id && <InlineSpinner />}
                Analyse again
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
