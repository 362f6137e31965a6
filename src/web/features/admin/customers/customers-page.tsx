import { useQuery } from '@tanstack/react-query';
import * as MESSAGES from '../../../../common/messages';
import { ShoppingBag } from 'lucide-react';
import { PACKAGE_SIZES } from '../../../../common/constants';
import { CustomersQuerySchema } from '../../../../common/schemas/admin-ops';
import { PageMeta } from '../../../components/page-meta';
import { PagedList } from '../../../components/paged-list';
import { SearchField } from '../../../components/search-field';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/select';
import { useListSearch } from '../../../lib/search-params';
import { CUSTOMERS_PAGE_SIZE, customersQuery } from './customers-api';
import { CustomersTable } from './customers-table';

const CLEARED = { q: undefined, needsService: undefined, packageSize: undefined, from: undefined, to: undefined };

/** /admin/customers: songwriters with paid orders. Search, filters and page live in the URL. */
export function CustomersPage() {
  const [filters, update] = useListSearch(CustomersQuerySchema);
  const query = { ...filters, pageSize: CUSTOMERS_PAGE_SIZE };
  const list = useQuery(customersQuery(query));

  const filtered = Boolean(query.q || query.needsService || query.packageSize || query.from || query.to);
  const datesReversed = Boolean(query.from && query.to && query.from > query.to);
  const total = list.data?.total;

  return (
    <div>
      <PageMeta
        title="Customers"
        description="Songwriters who bought review packages: orders, totals, songs still owed and who needs service."
      />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">Customers</h1>
        {total !== undefined && (
          <Badge variant="secondary" className="text-sm">
            {list.data?.totalCapped ? 'More than ' : ''}
            {total.toLocaleString('en-US')} {total === 1 ? 'customer' : 'customers'}
            {filtered ? ' found' : ''}
          </Badge>
        )}
      </div>
      <p className="mt-1 text-muted-foreground">
        Songwriters with paid orders, most recent order first. A customer needs service while songs are still owed or a review is pending.
      </p>

      <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-[minmax(0,1.6fr)_repeat(4,minmax(0,1fr))] xl:items-end">
        <SearchField
          className="sm:col-span-2 xl:col-span-1"
          searchLabel="Search customers"
          placeholder="Name, username or email"
          value={query.q ?? ''}
          onChange={(q) => update({ q }, true)}
        />
        <FormField label="Needs service">
          <NativeSelect value={query.needsService ?? ''} onChange={(event) => update({ needsService: event.target.value })}>
            <option value="">Everyone</option>
            <option value="true">Needs service</option>
            <option value="false">Up to date</option>
          </NativeSelect>
        </FormField>
        <FormField label="Package size">
          <NativeSelect value={query.packageSize ?? ''} onChange={(event) => update({ packageSize: event.target.value })}>
            <option value="">Any size</option>
            {PACKAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size} {size === 1 ? 'song' : 'songs'}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Ordered from">
          <Input type="date" value={query.from ?? ''} max={query.to} onChange={(event) => update({ from: event.target.value })} />
        </FormField>
        <FormField label="Ordered to">
          <Input type="date" value={query.to ?? ''} min={query.from} onChange={(event) => update({ to: event.target.value })} />
        </FormField>
        {filtered && (
          <Button variant="ghost" className="justify-self-start" onClick={() => update(CLEARED)}>
            Clear filters
          </Button>
        )}
      </div>
      {datesReversed && (
        <Alert role="alert" className="mt-4">
          The “from” date is after the “to” date, so no order can match.
        </Alert>
      )}

      <div className="mt-6">
        <PagedList
          list={list}
          page={query.page}
          onPage={(page) => update({ page })}
          loadingLabel="Loading customers…"
          errorTitle={MESSAGES.admin.customersLoadFailed}
          empty={{
            icon: ShoppingBag,
            message: filtered ? 'No customers match these filters.' : 'No customers yet: nobody has bought a review package.',
          }}
          filtered={filtered}
          onClearFilters={() => update(CLEARED)}
        >
          {(rows, busy) => <CustomersTable rows={rows} busy={busy} />}
        </PagedList>
      </div>
    </div>
  );
}
