import { useQuery } from '@tanstack/react-query';
import * as MESSAGES from '../../../../common/messages';
import { Users } from 'lucide-react';
import { ROLES } from '../../../../common/constants';
import { AllUsersQuerySchema, USER_BADGES } from '../../../../common/schemas/admin-ops';
import { PageMeta } from '../../../components/page-meta';
import { PagedList } from '../../../components/paged-list';
import { SearchField } from '../../../components/search-field';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { NativeSelect } from '../../../components/ui/select';
import { useListSearch } from '../../../lib/search-params';
import { USER_BADGE_LABELS } from './user-badge';
import { allUsersQuery, USERS_PAGE_SIZE } from './users-api';
import { ROLE_LABELS, UsersTable } from './users-table';
import { SITE_NAME } from '../../../lib/site-name';

/** /admin/all-users: every account with its roles and badge. Search, filters and page live in the URL. */
export function AllUsersPage() {
  const [filters, update] = useListSearch(AllUsersQuerySchema);
  const query = { ...filters, pageSize: USERS_PAGE_SIZE };
  const list = useQuery(allUsersQuery(query));

  const filtered = Boolean(query.q || query.role || query.badge);
  const total = list.data?.total;

  return (
    <div>
      <PageMeta title="All Users" description={`Every ${SITE_NAME} account with its roles, profile and purchase status.`} />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">All Users</h1>
        {total !== undefined && (
          <Badge variant="secondary" className="text-sm">
            {list.data?.totalCapped ? 'More than ' : ''}
            {total.toLocaleString('en-US')} {total === 1 ? 'user' : 'users'}
            {filtered ? ' found' : ''}
          </Badge>
        )}
      </div>
      <p className="mt-1 text-muted-foreground">Accounts, newest first, with what each person has done so far.</p>

      <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end">
        <SearchField
          searchLabel="Search users"
          placeholder="Email, name or username"
          value={query.q ?? ''}
          onChange={(q) => update({ q }, true)}
        />
        <FormField label="Role" className="sm:w-44">
          <NativeSelect value={query.role ?? ''} onChange={(event) => update({ role: event.target.value })}>
            <option value="">All roles</option>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
            <option value="none">No role</option>
          </NativeSelect>
        </FormField>
        <FormField label="Status" className="sm:w-52">
          <NativeSelect value={query.badge ?? ''} onChange={(event) => update({ badge: event.target.value })}>
            <option value="">All statuses</option>
            {USER_BADGES.map((badge) => (
              <option key={badge} value={badge}>
                {USER_BADGE_LABELS[badge]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {filtered && (
          <Button
            variant="ghost"
            className="self-start sm:self-end"
            onClick={() => update({ q: undefined, role: undefined, badge: undefined })}
          >
            Clear filters
          </Button>
        )}
      </div>

      <div className="mt-6">
        <PagedList
          list={list}
          page={query.page}
          onPage={(page) => update({ page })}
          loadingLabel="Loading users…"
          errorTitle={MESSAGES.admin.usersLoadFailed}
          empty={{ icon: Users, message: filtered ? 'No users match these filters.' : 'No users yet.' }}
          filtered={filtered}
          onClearFilters={() => update({ q: undefined, role: undefined, badge: undefined })}
        >
          {(rows, busy) => <UsersTable rows={rows} busy={busy} />}
        </PagedList>
      </div>
    </div>
  );
}
