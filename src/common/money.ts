const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Money is stored in cents and always shown as dollars: 2500 -> "$25.00". Kept apart from date-fns so price pages stay small. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}
