import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatCents } from '../../../common/money';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import { DataTable } from '../../components/data-table';
import { ErrorState } from '../../components/error-state';
import { formatDay, PlacementStatusBadge } from './placement-status';
import { myPlacementsQuery } from './placements-api';

/** On the songwriter's dashboard: where their pitched songs were placed, the income received and their share of it. */
export function MyPlacements({ className }: { className?: string }) {
  const placements = useQuery(myPlacementsQuery);
  if (placements.isError) {
    return (
      <div className={className}>
        <ErrorState title="Could not load your placements" error={placements.error} onRetry={() => void placements.refetch()} />
      </div>
    );
  }
  const rows = placements.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="placements-heading" className={className}>
      <h2 id="placements-heading" className="mb-4 text-2xl font-semibold">
        Placements
      </h2>
      <DataTable
        label="Your placements"
        caption="Your songs' placements: the artist, the project, where it stands, the income and your share"
        columns={[
          'Song',
          'Artist',
          'Project',
          'Label',
          'Status',
          'Release date',
          { label: 'Income', numeric: true },
          { label: 'Your share', numeric: true },
        ]}
      >
        {rows.map((p) => (
          <tr key={p.id} className="border-b border-border last:border-0">
            <td className="px-4 py-3 font-medium">
              <Link className="link" to={pathTo(PAGE_PATHS.songwriterReview, { reviewId: p.reviewId })}>
                {p.songTitle}
              </Link>
            </td>
            <td className="px-4 py-3">{p.artist}</td>
            <td className="px-4 py-3">{p.project ?? '—'}</td>
            <td className="px-4 py-3">{p.label ?? '—'}</td>
            <td className="px-4 py-3">
              <PlacementStatusBadge status={p.status} />
            </td>
            <td className="px-4 py-3 whitespace-nowrap">{formatDay(p.releaseDate)}</td>
            <td className="px-4 py-3 text-right tabular-nums">{formatCents(p.incomeCents)}</td>
            <td className="px-4 py-3 text-right tabular-nums">
              <div>{formatCents(p.writerShareCents)}</div>
              <div className="text-xs text-muted-foreground">after our {p.commissionPercent}% commission</div>
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
