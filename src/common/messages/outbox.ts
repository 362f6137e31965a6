export const outbox = {
  loadFailed: 'Failed to load emails',
  empty: 'No emails yet.',
  emptyForStatus: 'No emails with this status.',
  messageLoadFailed: 'Failed to load this email',
  holdLoadFailed: 'Failed to load whether sending is paused',
  releaseFailed: 'Could not release the outbox',
  notHeld: 'The outbox is not paused.',
} as const;
