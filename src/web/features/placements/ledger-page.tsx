import { useQuery } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import { Link } from 'react-router';
import { formatCents } from '../../../common/money';
import type { Ledger } from '../../../common/responses';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import { LedgerQuerySchema } from '../../../common/schemas/placements';
import { DataTable } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { PageMeta } from '../../components/page-meta';
import { QueryState } from '../../components/query-state';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/select';
import { useListSearch } from '../../lib/search-params';
import { formatDay, PlacementStatusBadge } from './placement-status';
import { ledgerQuery } from './placements-api';

const MONEY_COLUMNS = [
  { label: 'Income', numeric: true },
  { label: 'Commission', numeric: true },
  { label: 'Owed to writer', numeric: true },
];

/** /admin/ledger: every placement's income, our commission and what is owed to the writer, by writer, with totals. */
export function LedgerPage() {
  const [{ writer }, setSearch] = useListSearch(LedgerQuerySchema);
  const ledger = useQuery(ledgerQuery(writer));

  return (
    <div>
      <PageMeta title="Ledger" description="Placement income, commission and what is owed to each writer." />
      <h1 className="text-3xl font-bold">Ledger</h1>
      <p className="mt-1 text-muted-foreground">Every placement: the income received, our commission and what is owed to the writer.</p>

      <div className="mt-6 grid max-w-sm gap-2">
        <Label htmlFor="ledger-writer">Writer</Label>
        <NativeSelect id="ledger-writer" value={writer ?? ''} onChange={(event) => setSearch({ writer: event.target.value || undefined })}>
          <option value="">All writers</option>
          {ledger.data?.writers.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name} ({w.email})
            </option>
          ))}
          {/* A writer in the address but not (or no longer) in the list still shows as chosen. */}
          {writer && ledger.data && !ledger.data.writers.some((w) => w.id === writer) && <option value={writer}>Unknown writer</option>}
        </NativeSelect>
      </div>

      <div className="mt-6">
        <QueryState
          query={ledger}
          errorTitle="Could not load the ledger"
          isEmpty={(data) => data.groups.length === 0}
          empty={<EmptyState icon={Landmark} message={writer ? 'No placements for this writer.' : 'No placements recorded yet.'} />}
        >
          {(data) => <LedgerTables data={data} />}
        </QueryState>
      </div>
    </div>
  );
}

function Money({ cents, strong }: { cents: number; strong?: boolean }) {
  return <td className={`px-4 py-3 text-right tabular-nums ${strong ? 'font-semibold' : ''}`}>{formatCents(cents)}</td>;
}

function LedgerTables({ data }: { data: Ledger }) {
  return (
    <div className="grid gap-8">
      <section aria-labelledby="ledger-totals" className="rounded-xl border border-border bg-card p-4">
        <h2 id="ledger-totals" className="text-lg font-semibold">
          Totals
        </h2>
        <dl className="mt-2 grid gap-4 sm:grid-cols-3">
          <Total term="Income">{formatCents(data.incomeCents)}</Total>
          <Total term="Commission">{formatCents(data.commissionCents)}</Total>
          <Total term="Owed to writers">{formatCents(data.owedCents)}</Total>
        </dl>
      </section>
      {data.groups.map((group) => (
        <section key={group.writerId} aria-labelledby={`writer-${group.writerId}`}>
          <h2 id={`writer-${group.writerId}`} className="mb-3 text-xl font-semibold">
            {group.writerName} <span className="text-base font-normal text-muted-foreground">{group.writerEmail}</span>
          </h2>
          <DataTable
            label={`Placements of ${group.writerName}`}
            caption={`${group.writerName}'s placements with income, commission and owed to the writer, and the writer's totals`}
            columns={['Song', 'Artist', 'Project', 'Label', 'Status', 'Release date', 'Rate', ...MONEY_COLUMNS]}
          >
            {group.lines.map((line) => (
              <tr key={line.id} className="border-b border-border">
                <td className="px-4 py-3 font-medium">
                  <Link className="link" to={pathTo(PAGE_PATHS.adminSongEdit, { id: line.songId })}>
                    {line.songTitle}
                  </Link>
                </td>
                <td className="px-4 py-3">{line.artist}</td>
                <td className="px-4 py-3">{line.project ?? '—'}</td>
                <td className="px-4 py-3">{line.label ?? '—'}</td>
                <td className="px-4 py-3">
                  <PlacementStatusBadge status={line.status} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap">{formatDay(line.releaseDate)}</td>
                <td className="px-4 py-3 tabular-nums">{line.commissionPercent}%</td>
                <Money cents={line.incomeCents} />
                <Money cents={line.commissionCents} />
                <Money cents={line.owedCents} />
              </tr>
            ))}
            <tr className="bg-muted">
              <th scope="row" colSpan={7} className="px-4 py-3 text-left font-semibold">
                Total for {group.writerName}
              </th>
              <Money cents={group.incomeCents} strong />
              <Money cents={group.commissionCents} strong />
              <Money cents={group.owedCents} strong />
            </tr>
          </DataTable>
        </section>
      ))}
    </div>
  );
}

function Total({ term, children }: { term: string; children: string }) {
  return (
    <div>
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="text-2xl font-bold tabular-nums">{children}</dd>
    </div>
  );
}
