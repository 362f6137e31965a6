const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const admin = {
  resetEmailRequired: 'Please enter an email address',
  resetNoUser: 'No user found with that email address.',
  resetRefusesAdmin: 'An admin account cannot be reset.',
  resetRefusesSignedAgreement:
    'This songwriter has signed a pitch agreement, which both sides keep, so their songs and reviews cannot be reset.',
  resetNotSongwriter: 'That account is not a songwriter: there is nothing to reset.',
  resetConfirm: ({
    name,
    email,
    reviews,
    messages,
    orders,
  }: {
    name: string;
    email: string;
    reviews: number;
    messages: number;
    orders: number;
  }) =>
    `Reset the songwriter ${name} (${email})? This deletes their ${plural(reviews, 'review')}, ${plural(messages, 'message')}, profile, questionnaire and songwriter role, and unlinks ${plural(orders, 'order')}. This cannot be undone.`,
  resetDone: 'Songwriter reset',
  resetFailed: 'Failed to reset songwriter',
  dashboardLoadFailed: 'Failed to load the dashboard',
  usersLoadFailed: 'Failed to load users',
  customersLoadFailed: 'Failed to load customers',
  ordersLoadFailed: 'Failed to load orders',
} as const;
