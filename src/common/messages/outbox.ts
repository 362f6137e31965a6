export const outbox = {
  loadFailed: 'Failed to load emails',
  empty: 'No emails yet.',
  emptyForStatus: 'No emails with this status.',
  messageLoadFailed: 'Failed to load this email',
} as const;
