import { useQuery } from '@tanstack/react-query';
import { Handshake } from 'lucide-react';
import { Link } from 'react-router';
import { PITCH_PIPELINE_STAGES, type PitchPipelineStage } from '../../../common/constants';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import { PitchPipelineQuerySchema } from '../../../common/schemas/agreements';
import { DataTable } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { PageMeta } from '../../components/page-meta';
import { QueryState } from '../../components/query-state';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import { nextSearchParams, useListSearch } from '../../lib/search-params';
import { PipelineStageBadge, STAGE_LABELS, termsLine } from './agreement-state';
import { pitchPipelineQuery } from './agreements-api';

/**
 * /admin/pitch-pipeline: every pitch agreement by where it stands, with a count per stage: the offer's state,
 * or for a signed one its catalogue song and its furthest placement.
 */
export function PitchPipelinePage() {
  const [{ state }] = useListSearch(PitchPipelineQuerySchema);
  const pipeline = useQuery(pitchPipelineQuery(state));
  const counts = pipeline.data?.counts;
  const total = counts ? PITCH_PIPELINE_STAGES.reduce((sum, s) => sum + counts[s], 0) : undefined;

  return (
    <div>
      <PageMeta title="Pitch Pipeline" description="Every pitch agreement, by where it stands." />
      <h1 className="text-3xl font-bold">Pitch Pipeline</h1>
      <p className="mt-1 text-muted-foreground">
        Offers made on reviewed songs, and what became of them: signed, in the catalogue, held, cut, released.
      </p>

      <nav aria-label="Filter by state" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          <StateFilter state={undefined} current={state} label="All" count={total} />
          {PITCH_PIPELINE_STAGES.map((s) => (
            <StateFilter key={s} state={s} current={state} label={STAGE_LABELS[s]} count={counts?.[s]} />
          ))}
        </ul>
      </nav>

      <div className="mt-6">
        <QueryState
          query={pipeline}
          errorTitle="Could not load the pitch pipeline"
          isEmpty={(data) => data.rows.length === 0}
          empty={
            <EmptyState icon={Handshake} message={state ? `No agreements in “${STAGE_LABELS[state]}”.` : 'No pitch agreements yet.'} />
          }
        >
          {({ rows }) => (
            <DataTable
              label="Pitch agreements"
              caption="Pitch agreements, newest offer first"
              columns={['Song', 'Songwriter', 'Terms', 'Stage', 'Offered', 'Answered']}
            >
              {rows.map((row) => (
                <tr key={row.id} className="border-b border-border last:border-0">
                  <td className="px-4 py-3 font-medium">
                    <Link className="link" to={pathTo(PAGE_PATHS.adminSongwriterReview, { id: row.reviewId })}>
                      {row.songTitle}
                    </Link>
                    {row.songId && (
                      <div className="mt-1 text-sm font-normal">
                        <Link className="link" to={pathTo(PAGE_PATHS.adminSongEdit, { id: row.songId })}>
                          Catalogue song
                        </Link>
                      </div>
                    )}
                  </td>
                  <td className="px-4 py-3">
                    <div>{row.writerName}</div>
                    <div className="text-muted-foreground">{row.writerEmail}</div>
                  </td>
                  <td className="px-4 py-3">{termsLine(row)}</td>
                  <td className="px-4 py-3">
                    <PipelineStageBadge stage={row.state} />
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">{formatDate(row.createdAt)}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{row.answeredAt ? formatDate(row.answeredAt) : '—'}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </QueryState>
      </div>
    </div>
  );
}

function StateFilter({
  state,
  current,
  label,
  count,
}: {
  state: PitchPipelineStage | undefined;
  current: PitchPipelineStage | undefined;
  label: string;
  count: number | undefined;
}) {
  const selected = state === current;
  const search = nextSearchParams(new URLSearchParams(), { state }).toString();
  return (
    <li>
      <Link
        to={{ search: search ? `?${search}` : '' }}
        aria-current={selected ? 'page' : undefined}
        className={cn(
          'inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm',
          selected ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card hover:bg-muted',
        )}
      >
        {label}
        {count !== undefined && <span className="font-semibold tabular-nums">{count}</span>}
      </Link>
    </li>
  );
}
