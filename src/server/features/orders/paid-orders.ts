import { type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PAID_ORDER_STATUSES } from '../../../common/constants';
import { oneOf } from '../../db/schema/helpers';
import { orders } from '../../db/schema';

/**
 * An order that was paid for (paid, or completed since): only these count as a songwriter's orders. Raw
 * queries pass their own alias's column, sql`o.payment_status`.
 */
export function isPaidOrder(paymentStatus: AnyPgColumn | SQL = orders.paymentStatus): SQL {
  return oneOf(paymentStatus, PAID_ORDER_STATUSES);
}
