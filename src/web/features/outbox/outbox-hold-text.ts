import type { OutboxHold } from '../../../common/responses';
import { formatDateTime } from '../../lib/format';

const emails = (n: number) => `${n} ${n === 1 ? 'email' : 'emails'}`;

/** What the paused-outbox notice says: why nothing is sent, and what each choice does. */
export function describeOutboxHold(hold: NonNullable<OutboxHold['hold']>) {
  const since =
    hold.waitingSinceRestore > 0 ? ` ${emails(hold.waitingSinceRestore)} written since the restore also wait, and go out either way.` : '';
  return {
    title: 'Sending email is paused',
    detail:
      `This site was restored from the backup of ${formatDateTime(hold.backupCreatedAt)}, which held ${emails(hold.pendingInBackup)} not yet sent. ` +
      `The old site may have sent them after the backup, so none goes out until you choose.${since}`,
    send: hold.waitingFromBackup > 0 ? `Send them (${hold.waitingFromBackup})` : 'Resume sending',
    discard: hold.waitingFromBackup > 0 ? `Discard them (${hold.waitingFromBackup})` : undefined,
    discardConfirm: `The backup's ${emails(hold.waitingFromBackup)} will be marked discarded and never sent. Choose this when the old site sent them, or they are out of date.`,
  };
}
