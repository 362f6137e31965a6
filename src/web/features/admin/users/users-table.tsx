import type { Role } from '../../../../common/constants';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';
import { formatCents } from '../../../../common/money';
import type { AdminUserRow } from './users-api';
import { UserBadge } from './user-badge';
import { TableScroll } from '../../../components/table-scroll';
import { EmailText } from '../../../components/email-text';

export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', preview: 'Preview', songwriter: 'Songwriter' };

const th = 'whitespace-nowrap px-3 py-3 font-medium first:pl-4 last:pr-4';
const td = 'px-3 py-3 first:pl-4 last:pr-4';

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

/** Every account, newest first. Wider than a phone: it scrolls sideways inside its own frame (TableScroll). */
export function UsersTable({ rows, busy }: { rows: AdminUserRow[]; busy: boolean }) {
  return (
    <TableScroll label="Users, newest first" className={cn('rounded-xl border border-border bg-card', busy && 'opacity-60')}>
      <table className="w-full min-w-[920px] text-left text-sm" aria-busy={busy || undefined}>
        <caption id="users-caption" className="sr-only">
          Users, newest first
        </caption>
        <thead className="border-b border-border bg-muted text-muted-foreground">
          <tr>
            <th scope="col" className={th}>Email</th>
            <th scope="col" className={th}>Name</th>
            <th scope="col" className={th}>Username</th>
            <th scope="col" className={th}>Role</th>
            <th scope="col" className={th}>Status</th>
            <th scope="col" className={cn(th, 'text-right')}>Total spent</th>
            <th scope="col" className={th}>Created</th>
            <th scope="col" className={th}>Last sign-in</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((user) => {
            const name = fullName(user.firstName, user.lastName);
            return (
              <tr key={user.userId} className="border-b border-border last:border-0">
                <th scope="row" className={cn(td, 'min-w-56 font-medium')}>
                  <EmailText email={user.email} />
                </th>
                <td className={td}>{name || <Never label="No name" />}</td>
                <td className={cn(td, '[overflow-wrap:anywhere]')}>{user.username ?? <Never label="No username" />}</td>
                <td className={td}>
                  {user.roles.length === 0 ? (
                    <span className="text-muted-foreground">No role</span>
                  ) : (
                    <ul className="flex flex-wrap gap-1">
                      {user.roles.map((role) => (
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
                  )}
                </td>
                <td className={td}>
                  <UserBadge badge={user.badge} label={user.label} />
                </td>
                <td className={cn(td, 'text-right tabular-nums')}>{formatCents(user.totalSpentCents)}</td>
                <td className={cn(td, 'whitespace-nowrap')}>
                  <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
                </td>
                <td className={cn(td, 'whitespace-nowrap')}>
                  {user.lastSignInAt ? <time dateTime={user.lastSignInAt}>{formatDate(user.lastSignInAt)}</time> : <Never />}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
