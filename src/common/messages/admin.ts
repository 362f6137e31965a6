export const admin = {
  resetEmailRequired: 'Please enter an email address',
  resetNoUser: 'No user found with that email address.',
  resetRefusesAdmin: 'An admin account cannot be reset.',
  resetRefusesSignedAgreement:
    'This songwriter has signed a pitch agreement, which both sides keep, so their songs and reviews cannot be reset.',
  resetNotSongwriter: 'That account is not a songwriter: there is nothing to reset.',
  resetConfirm: (email: string) =>
    `Reset the songwriter ${email}? This deletes their reviews, messages, profile, questionnaire and songwriter role, and unlinks their orders. This cannot be undone.`,
  resetDone: 'Songwriter reset',
  resetFailed: 'Failed to reset songwriter',
  dashboardLoadFailed: 'Failed to load the dashboard',
  usersLoadFailed: 'Failed to load users',
  customersLoadFailed: 'Failed to load customers',
  ordersLoadFailed: 'Failed to load orders',
} as const;
