export const settings = {
  legalNameRequired: 'Enter the company’s legal name',
  legalNameTooLong: 'The legal name must be at most 150 characters',
  addressRequired: 'Enter the company’s address',
  addressTooLong: 'The address must be at most 500 characters',
  governingLawRequired: 'Name the law that governs the agreements, e.g. “the State of Tennessee”',
  governingLawTooLong: 'The governing law must be at most 200 characters',
  commenterDisplayInvalid: 'Choose how commenters are shown',
  fastReviewPriceInvalid: 'Enter the faster review’s price in dollars, e.g. 50 or 49.50',
  fastReviewPriceRange: 'The faster review’s price must be between $26.00 and $500.00 a song',
  fastReviewDaysInvalid: 'Enter the faster review’s turnaround as a whole number of business days',
  fastReviewDaysRange: 'The faster review’s turnaround must be between 1 and 9 business days',
  fastReviewBoth: 'Give the faster review both a price and a turnaround, or leave both blank to turn it off',
  saved: 'Settings saved',
  saveFailedTitle: 'The settings were not saved',
  loadFailed: 'The settings could not be loaded.',
  /** How a comment names its writer to other listeners, by the admin's choice. */
  commenterDisplayLabels: {
    name: 'Their name',
    company: 'Their company',
    anonymous: 'Anonymous',
  },
  commenterDisplayHints: {
    name: 'Other listeners see the name the commenter gave.',
    company: 'Other listeners see the company named in the commenter’s request for access.',
    anonymous: 'Other listeners see “A listener”. Interest in a song stays private.',
  },
  /** The name other listeners see on a comment they did not write, where no name or company is shown. */
  anonymousCommenter: 'A listener',
  /** The name the writer of a comment sees on it. */
  ownComment: 'You',
} as const;
