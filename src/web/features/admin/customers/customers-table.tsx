import { ChevronDown, ChevronRight } from 'lucide-react';
import * as MESSAGES from '../../../../common/messages';
import { Fragment, useState, type ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';
import { formatCents } from '../../../../common/money';
import { CustomerOrders } from './customer-orders';
import type { CustomerRow } from './customers-api';
import { TableScroll } from '../../../components/table-scroll';
import { EmailText } from '../../../components/email-text';
import { COMPACT_CELL, DataTable } from '../../../components/data-table';

const COLUMNS = 7;

const displayName = (c: CustomerRow) =>
  c.deleted ? MESSAGES.ownData.deletedCustomer : [c.firstName, c.lastName].filter(Boolean).join(' ') || c.username || c.email || '';

const LABEL = 'Customers, most recent order first';

/**
 * Customers with their totals; a customer opens to show their orders. A table where there is room for it, and
 * a card per customer in a narrower box (a phone, or a laptop beside the admin sidebar); only one is shown,
 * and the other is hidden from screen readers too.
 */
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
    <div className={cn('@container', busy && 'opacity-60')} aria-busy={busy || undefined}>
      <ul aria-label={LABEL} className="grid grid-cols-1 gap-3 @4xl:hidden">
        {rows.map((customer) => (
          <CustomerCard
            key={customer.userId}
            customer={customer}
            isOpen={open.has(customer.userId)}
            onToggle={() => toggle(customer.userId)}
          />
        ))}
      </ul>
      <DataTable
        label={LABEL}
        caption={`${LABEL}. Open a customer to see their orders.`}
        className="hidden @4xl:block"
        tableClassName="min-w-[880px]"
        compact
        columns={[
          'Customer',
          { label: 'Orders', numeric: true },
          { label: 'Total spent', numeric: true },
          { label: 'Songs owed', numeric: true },
          'Last order',
          'Service',
          { label: <span className="sr-only">Details</span> },
        ]}
      >
        {rows.map((customer) => {
          const name = displayName(customer);
          const isOpen = open.has(customer.userId);
          const panelId = `customer-orders-${customer.userId}`;
          return (
            <Fragment key={customer.userId}>
              <tr className={cn('border-b border-border', isOpen && 'bg-secondary/60')}>
                <th scope="row" className={cn(COMPACT_CELL, 'min-w-52 font-normal')}>
                  <Who customer={customer} />
                </th>
                <td className={cn(COMPACT_CELL, 'text-right tabular-nums')}>{customer.orderCount}</td>
                <td className={cn(COMPACT_CELL, 'text-right tabular-nums')}>
                  <Spent customer={customer} />
                </td>
                <td className={cn(COMPACT_CELL, 'text-right tabular-nums', customer.songsOwed > 0 && 'font-semibold')}>
                  {customer.songsOwed}
                </td>
                <td className={cn(COMPACT_CELL, 'whitespace-nowrap')}>
                  <time dateTime={customer.lastOrderAt}>{formatDate(customer.lastOrderAt)}</time>
                </td>
                <td className={COMPACT_CELL}>
                  <Service needsService={customer.needsService} />
                </td>
                <td className={cn(COMPACT_CELL, 'text-right')}>
                  <OrdersToggle name={name} isOpen={isOpen} panelId={panelId} onToggle={() => toggle(customer.userId)} />
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
      </DataTable>
    </div>
  );
}

/**
 * What the customer paid, net of account credit, the credit beside it when there was any, and their reviews sent
 * late whose fee was credited back (decision 0094).
 */
function Spent({ customer }: { customer: CustomerRow }) {
  return (
    <>
      {formatCents(customer.totalSpentCents)}
      {customer.totalCreditCents > 0 && (
        <span className="block text-xs text-muted-foreground">+ {formatCents(customer.totalCreditCents)} credit</span>
      )}
      {customer.lateCredits > 0 && (
        <span className="block text-xs text-muted-foreground">
          {customer.lateCredits === 1 ? '1 late review' : `${customer.lateCredits} late reviews`} credited (
          {formatCents(customer.lateCreditCents)})
        </span>
      )}
    </>
  );
}

function CustomerCard({ customer, isOpen, onToggle }: { customer: CustomerRow; isOpen: boolean; onToggle: () => void }) {
  const name = displayName(customer);
  const panelId = `customer-orders-card-${customer.userId}`;
  return (
    <li className={cn('min-w-0 rounded-xl border border-border bg-card p-4 text-sm', isOpen && 'bg-secondary/60')}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <Who customer={customer} />
        </div>
        <Service needsService={customer.needsService} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 @md:grid-cols-4">
        <Figure term="Orders">{customer.orderCount}</Figure>
        <Figure term="Total spent">
          <Spent customer={customer} />
        </Figure>
        <Figure term="Songs owed" strong={customer.songsOwed > 0}>
          {customer.songsOwed}
        </Figure>
        <Figure term="Last order">
          <time dateTime={customer.lastOrderAt}>{formatDate(customer.lastOrderAt)}</time>
        </Figure>
      </dl>
      <div className="mt-2 -ml-2">
        <OrdersToggle name={name} isOpen={isOpen} panelId={panelId} onToggle={onToggle} />
      </div>
      {isOpen && (
        <div id={panelId} className="mt-2 border-t border-border pt-3">
          {/* The orders' table may be wider than a phone: it scrolls in a box of its own, which says so. */}
          <TableScroll label={`Orders of ${name}`}>
            <CustomerOrders userId={customer.userId} label={name} />
          </TableScroll>
        </div>
      )}
    </li>
  );
}

function Figure({ term, strong, children }: { term: string; strong?: boolean; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className={cn('tabular-nums', strong && 'font-semibold')}>{children}</dd>
    </div>
  );
}

/** The customer's name, and under it their username and e-mail. */
function Who({ customer }: { customer: CustomerRow }) {
  const name = displayName(customer);
  return (
    <>
      <span className="block font-medium">{name}</span>
      <span className="block text-muted-foreground [overflow-wrap:break-word]">
        {customer.username && name !== customer.username ? `@${customer.username} · ` : ''}
        {customer.email && name !== customer.email ? <EmailText email={customer.email} /> : ''}
      </span>
    </>
  );
}

function Service({ needsService }: { needsService: boolean }) {
  return needsService ? (
    <Badge variant="warning" className="whitespace-nowrap">
      Needs service
    </Badge>
  ) : (
    <span className="whitespace-nowrap text-muted-foreground">Up to date</span>
  );
}

function OrdersToggle({ name, isOpen, panelId, onToggle }: { name: string; isOpen: boolean; panelId: string; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-expanded={isOpen}
      aria-controls={isOpen ? panelId : undefined}
      onClick={onToggle}
      className="inline-flex items-center gap-1 whitespace-nowrap rounded-md px-2 py-1 font-medium text-primary hover:bg-muted"
    >
      {isOpen ? <ChevronDown aria-hidden="true" className="size-4" /> : <ChevronRight aria-hidden="true" className="size-4" />}
      {isOpen ? 'Hide orders' : 'Show orders'}
      <span className="sr-only"> of {name}</span>
    </button>
  );
}
