import { renderEmail, type EmailContext } from './layout';

/**
 * The answer to a claim for an address with no unclaimed paid orders. The page says the same for every
 * address, so only the address's owner learns whether it has orders.
 */
export const claimOrdersNoneEmail = (ctx: EmailContext, data: { accountEmail: string }) =>
  renderEmail(ctx, `No ${ctx.siteName} orders to claim for this address`, [
    `The songwriter account ${data.accountEmail} asked to claim the review orders paid with this email address, but there are no unclaimed paid orders for it.`,
    'If you paid with another address, claim the orders with that one. If it was not you, ignore this message: nothing changes.',
  ]);
