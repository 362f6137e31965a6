import { ChevronDown, ChevronRight } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';
import { formatCents } from '../../../../common/money';
import { CustomerOrders } from './customer-orders';
import type { CustomerRow } from './customers-api';
import { TableScroll } from '../../../components/table-scroll';
import { EmailText } from '../../../components/email-text';

const th = 'whitespace-nowrap px-3 py-3 font-medium first:pl-4 last:pr-4';
const td = 'px-3 py-3 first:pl-4 last:pr-4';
const COLUMNS = 7;

const displayName = (c: CustomerRow) => [c.firstName, c.lastName].filter(Boolean).join(' ') || c.username || c.email;

/** Customers with their totals; a row opens to show that customer's orders. */
export function CustomersTable({ rows, busy }: { rows: CustomerRow[]; busy: boolean }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (userId: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(userId)) next.delete(userId);
      else next.add(userId);
      return next;
    });

  return (
    <TableScroll label="Customers, most recent order first" className={cn('rounded-xl border border-border bg-card', busy && 'opacity-60')}>
      <table className="w-full min-w-[880px] text-left text-sm" aria-busy={busy || undefined}>
        <caption id="customers-caption" className="sr-only">
          Customers, most recent order first. Open a customer to see their orders.
        </caption>
        <thead className="border-b border-border bg-muted text-muted-foreground">
          <tr>
            <th scope="col" className={th}>Customer</th>
            <th scope="col" className={cn(th, 'text-right')}>Orders</th>
            <th scope="col" className={cn(th, 'text-right')}>Total spent</th>
            <th scope="col" className={cn(th, 'text-right')}>Songs owed</th>
            <th scope="col" className={th}>Last order</th>
            <th scope="col" className={th}>Service</th>
            <th scope="col" className={th}>
              <span className="sr-only">Details</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((customer) => {
            const name = displayName(customer);
            const isOpen = open.has(customer.userId);
            const panelId = `customer-orders-${customer.userId}`;
            return (
              <Fragment key={customer.userId}>
                <tr className={cn('border-b border-border', isOpen && 'bg-secondary/60')}>
                  <th scope="row" className={cn(td, 'min-w-52 font-normal')}>
                    <span className="block font-medium">{name}</span>
                    <span className="block text-muted-foreground [overflow-wrap:break-word]">
                      {customer.username && name !== customer.username ? `@${customer.username} · ` : ''}
                      {name !== customer.email ? <EmailText email={customer.email} /> : ''}
                    </span>
                  </th>
                  <td className={cn(td, 'text-right tabular-nums')}>{customer.orderCount}</td>
                  <td className={cn(td, 'text-right tabular-nums')}>{formatCents(customer.totalSpentCents)}</td>
                  <td className={cn(td, 'text-right tabular-nums', customer.songsOwed > 0 && 'font-semibold')}>{customer.songsOwed}</td>
                  <td className={cn(td, 'whitespace-nowrap')}>
                    <time dateTime={customer.lastOrderAt}>{formatDate(customer.lastOrderAt)}</time>
                  </td>
                  <td className={td}>
                    {customer.needsService ? (
                      <Badge variant="warning" className="whitespace-nowrap">Needs service</Badge>
                    ) : (
                      <span className="whitespace-nowrap text-muted-foreground">Up to date</span>
                    )}
                  </td>
                  <td className={cn(td, 'text-right')}>
                    <button
                      type="button"
                      aria-expanded={isOpen}
                      aria-controls={isOpen ? panelId : undefined}
                      onClick={() => toggle(customer.userId)}
                      className="inline-flex items-center gap-1 whitespace-nowrap rounded-md px-2 py-1 font-medium text-primary hover:bg-muted"
                    >
                      {isOpen ? <ChevronDown aria-hidden="true" className="size-4" /> : <ChevronRight aria-hidden="true" className="size-4" />}
                      {isOpen ? 'Hide orders' : 'Show orders'}
                      <span className="sr-only"> of {name}</span>
                    </button>
                  </td>
                </tr>
                {isOpen && (
                  <tr id={panelId} className="border-b border-border bg-muted/50">
                    <td colSpan={COLUMNS} className="px-4 py-3 sm:pl-8">
                      <CustomerOrders userId={customer.userId} label={name} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
