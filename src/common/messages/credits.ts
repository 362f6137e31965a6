/** Account credit: the review fee credited back when a pitch agreement is signed or a review is late, and the orders it pays for. */
export const credits = {
  checkoutReplaced: 'A newer checkout replaced this one and took its credit. Use the newest checkout, or choose a package again.',
  checkoutCancelled:
    'This checkout was replaced by a newer one, which took its account credit, and can no longer be paid. Choose a package again.',
  /** The dashboard and the package page, while credit is waiting for the next package. */
  available: (amount: string) => `${amount} credit, applied to your next package`,
  availableNote: 'Review fees credited back when you sign a pitch agreement are taken off your next package automatically.',
  unknown: 'We could not check your account credit just now. Any credit you have is still taken off at checkout.',
  paidWithCredit: 'Paid with your account credit: nothing to pay.',
  /** Why a credit was given, as the songwriter's credits list says it. */
  lateReason: (songTitle: string, daysLate: number) =>
    `Your review of “${songTitle}” came ${daysLate === 1 ? 'a day' : `${daysLate} days`} late; here is a credit.`,
  agreementReason: (songTitle: string) => `The review fee of “${songTitle}”, credited back when you signed its pitch agreement.`,
  goneReason: 'A review fee credited back.',
  historyTitle: 'Your credits',
  historyEmpty: 'No credits yet.',
  spent: 'Used on a package',
  unspent: 'Waiting for your next package',
  /** The turnaround guarantee, beside the packages. */
  guarantee: 'If a review comes after its due date, its fee comes back to you as credit for your next package.',
  fastReviewUnavailable: 'The faster review is not offered just now. Choose a standard package.',
} as const;
