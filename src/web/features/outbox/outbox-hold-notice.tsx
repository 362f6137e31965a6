import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PauseCircle } from 'lucide-react';
import { useState } from 'react';
import type { OutboxRelease } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { ErrorState } from '../../components/error-state';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { InlineSpinner, Spinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { outboxHoldQuery, releaseOutbox } from './outbox-api';
import { describeOutboxHold } from './outbox-hold-text';

/**
 * After a restore the outbox sends nothing until an admin chooses: send the backup's emails, or discard them
 * (after a confirmation). Nothing shows while sending runs as usual.
 */
export function OutboxHoldNotice() {
  const queryClient = useQueryClient();
  const hold = useQuery(outboxHoldQuery());
  const [confirming, setConfirming] = useState(false);
  const release = useMutation({
    mutationFn: (held: OutboxRelease) => releaseOutbox(held),
    onSuccess: ({ released, discarded }) => {
      setConfirming(false);
      toast.success(`Sending resumed: ${released} to send${discarded > 0 ? `, ${discarded} discarded` : ''}.`);
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => {
      setConfirming(false);
      toast.error(MESSAGES.outbox.releaseFailed, { description: isApiError(error) ? error.message : MESSAGES.generic.unexpected });
    },
  });

  if (hold.isPending) return <Spinner label="Checking whether sending is paused" className="mt-4" />;
  if (hold.isError) return <ErrorState title={MESSAGES.outbox.holdLoadFailed} error={hold.error} onRetry={() => void hold.refetch()} />;
  if (!hold.data.hold) return null;
  const text = describeOutboxHold(hold.data.hold);
  return (
    <Alert role="status" className="mt-6" aria-labelledby="outbox-hold-title">
      <h2 id="outbox-hold-title" className="flex items-center gap-2 font-semibold">
        <PauseCircle aria-hidden="true" className="size-4" />
        {text.title}
      </h2>
      <p className="mt-1">{text.detail}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" disabled={release.isPending} onClick={() => release.mutate('send')}>
          {release.isPending && release.variables === 'send' && <InlineSpinner />}
          {text.send}
        </Button>
        {text.discard && (
          <Button size="sm" variant="outline" disabled={release.isPending} onClick={() => setConfirming(true)}>
            {text.discard}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Discard the backup's emails?"
        description={text.discardConfirm}
        confirmLabel="Discard them"
        pending={release.isPending}
        onConfirm={() => release.mutate('discard')}
        onOpenChange={setConfirming}
      />
    </Alert>
  );
}
