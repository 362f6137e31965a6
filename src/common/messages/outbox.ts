export const outbox = {
  loadFailed: 'Failed to load e-mails',
  empty: 'No e-mails yet.',
  emptyForStatus: 'No e-mails with this status.',
  messageLoadFailed: 'Failed to load this e-mail',
} as const;
