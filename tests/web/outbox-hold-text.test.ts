import { expect, test } from 'vitest';
import { describeOutboxHold } from '../../src/web/features/outbox/outbox-hold-text';

const hold = { heldAt: '2026-03-04T15:07:00.000Z', backupCreatedAt: '2026-03-04T12:00:00.000Z', pendingInBackup: 3 };

test('the paused outbox says how many emails the backup held and offers to send or discard them', () => {
  const text = describeOutboxHold({ ...hold, waitingFromBackup: 3, waitingSinceRestore: 0 });
  expect(text.detail).toContain('held 3 emails not yet sent');
  expect(text.detail).not.toContain('since the restore');
  expect(text).toMatchObject({ send: 'Send them (3)', discard: 'Discard them (3)' });
  expect(text.discardConfirm).toContain("The backup's 3 emails will be marked discarded");
});

test('mail written since the restore is named; with none of the backup left, only resuming is offered', () => {
  const text = describeOutboxHold({ ...hold, pendingInBackup: 1, waitingFromBackup: 0, waitingSinceRestore: 1 });
  expect(text.detail).toContain('held 1 email not yet sent');
  expect(text.detail).toContain('1 email written since the restore also wait');
  expect(text).toMatchObject({ send: 'Resume sending', discard: undefined });
});
