/** Account credit: the review fee credited back when a pitch agreement is signed, and the orders it pays for. */
export const credits = {
  checkoutReplaced: 'A newer checkout replaced this one and took its credit. Use the newest checkout, or choose a package again.',
  checkoutCancelled:
    'This checkout was replaced by a newer one, which took its account credit, and can no longer be paid. Choose a package again.',
  /** The dashboard and the package page, while credit is waiting for the next package. */
  available: (amount: string) => `${amount} credit, applied to your next package`,
  availableNote: 'Review fees credited back when you sign a pitch agreement are taken off your next package automatically.',
  unknown: 'We could not check your account credit just now. Any credit you have is still taken off at checkout.',
  paidWithCredit: 'Paid with your account credit: nothing to pay.',
} as const;
