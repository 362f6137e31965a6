import type { Role } from '../../../../common/constants';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';
import { formatCents } from '../../../../common/money';
import type { AdminUserRow } from './users-api';
import { UserBadge } from './user-badge';
import { COMPACT_CELL, DataTable } from '../../../components/data-table';
import { EmailText } from '../../../components/email-text';
import { UserDataActions } from '../../own-data';

export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', preview: 'Preview', songwriter: 'Songwriter' };

const LABEL = 'Users, newest first';

/** '—' for people, "never" for screen readers. */
export function Never({ label = 'Never' }: { label?: string }) {
  return (
    <>
      <span aria-hidden="true" className="text-muted-foreground">
        —
      </span>
      <span className="sr-only">{label}</span>
    </>
  );
}

export const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

/**
 * Every account, newest first: a table where there is room for it, and a card per account in a narrower box
 * (a phone, or a laptop beside the admin sidebar), so nothing scrolls sideways. Only one of the two is shown,
 * and what is not shown is hidden from screen readers too.
 */
export function UsersTable({ rows, busy }: { rows: AdminUserRow[]; busy: boolean }) {
  return (
    <div className={cn('@container', busy && 'opacity-60')} aria-busy={busy || undefined}>
      <UserCards rows={rows} className="@3xl:hidden" />
      <DataTable
        label={LABEL}
        caption={LABEL}
        className="hidden @3xl:block"
        tableClassName="min-w-[760px]"
        compact
        columns={['Account', 'Role', 'Status', { label: 'Total spent', numeric: true }, 'Created', 'Last sign-in', 'On request']}
      >
        {rows.map((user) => (
          <tr key={user.userId} className="border-b border-border last:border-0">
            <th scope="row" className={cn(COMPACT_CELL, 'min-w-56 font-normal')}>
              <Account user={user} />
            </th>
            <td className={COMPACT_CELL}>
              <RoleList roles={user.roles} />
            </td>
            <td className={COMPACT_CELL}>
              <UserBadge badge={user.badge} label={user.label} />
            </td>
            <td className={cn(COMPACT_CELL, 'text-right tabular-nums')}>{formatCents(user.totalSpentCents)}</td>
            <td className={cn(COMPACT_CELL, 'whitespace-nowrap')}>
              <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
            </td>
            <td className={cn(COMPACT_CELL, 'whitespace-nowrap')}>
              <LastSignIn at={user.lastSignInAt} />
            </td>
            <td className={COMPACT_CELL}>
              <UserDataActions userId={user.userId} email={user.email} isAdmin={user.roles.includes('admin')} />
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

function UserCards({ rows, className }: { rows: AdminUserRow[]; className: string }) {
  return (
    <ul aria-label={LABEL} className={cn('grid gap-3', className)}>
      {rows.map((user) => (
        <li key={user.userId} className="min-w-0 rounded-xl border border-border bg-card p-4 text-sm">
          <Account user={user} />
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <RoleList roles={user.roles} />
            <UserBadge badge={user.badge} label={user.label} />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 @md:grid-cols-3">
            <div>
              <dt className="text-xs text-muted-foreground">Total spent</dt>
              <dd className="tabular-nums">{formatCents(user.totalSpentCents)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Created</dt>
              <dd>
                <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Last sign-in</dt>
              <dd>
                <LastSignIn at={user.lastSignInAt} />
              </dd>
            </div>
          </dl>
          <div className="mt-2 -ml-2">
            <UserDataActions userId={user.userId} email={user.email} isAdmin={user.roles.includes('admin')} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The e-mail address, and under it the name (the songwriter profile's, else the account's) and username. */
function Account({ user }: { user: AdminUserRow }) {
  const name = fullName(user.firstName, user.lastName) || user.name.trim();
  return (
    <>
      <EmailText email={user.email} className="block font-medium" />
      <span className="block text-muted-foreground [overflow-wrap:anywhere]">
        {name || <Never label="No name" />}
        {user.username ? (
          <>
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, username </span>
            <span>@{user.username}</span>
          </>
        ) : null}
      </span>
    </>
  );
}

function RoleList({ roles }: { roles: readonly Role[] }) {
  if (roles.length === 0) return <span className="text-muted-foreground">No role</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {roles.map((role) => (
        <li
          key={role}
          className={cn(
            'rounded-full border px-2 py-0.5 text-xs font-medium',
            role === 'admin' ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-secondary text-secondary-foreground',
          )}
        >
          {ROLE_LABELS[role]}
        </li>
      ))}
    </ul>
  );
}

function LastSignIn({ at }: { at: string | null }) {
  return at ? <time dateTime={at}>{formatDate(at)}</time> : <Never />;
}
