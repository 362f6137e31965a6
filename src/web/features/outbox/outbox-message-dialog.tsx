import { useQuery } from '@tanstack/react-query';
import * as MESSAGES from '../../../common/messages';
import { ErrorState } from '../../components/error-state';
import { ScrollBox } from '../../components/scroll-box';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/format';
import { outboxMessageQuery } from './outbox-api';
import { LinkifiedText } from './linkified-text';
import { OutboxStatusBadge } from './outbox-status-badge';
import { EmailText } from '../../components/email-text';

export function OutboxMessageDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent aria-describedby={undefined}>{id && <MessageBody id={id} />}</DialogContent>
    </Dialog>
  );
}

function MessageBody({ id }: { id: string }) {
  const message = useQuery(outboxMessageQuery(id));
  if (message.isPending) {
    return (
      <>
        <DialogTitle className="sr-only">Email</DialogTitle>
        <Spinner label="Loading email" className="py-10" />
      </>
    );
  }
  if (message.isError) {
    return (
      <>
        <DialogTitle className="pr-8 text-lg font-semibold">Email</DialogTitle>
        <div className="mt-4">
          <ErrorState title={MESSAGES.outbox.messageLoadFailed} error={message.error} onRetry={() => void message.refetch()} />
        </div>
      </>
    );
  }
  const m = message.data;
  return (
    <>
      <DialogTitle className="pr-8 font-display text-xl font-semibold">{m.subject}</DialogTitle>
      <DialogDescription asChild>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">To</dt>
          <dd>
            <EmailText email={m.to} />
          </dd>
          {m.replyTo && (
            <>
              <dt className="text-muted-foreground">Reply to</dt>
              <dd>
                <EmailText email={m.replyTo} />
              </dd>
            </>
          )}
          {m.attachments.length > 0 && (
            <>
              <dt className="text-muted-foreground">Attached</dt>
              <dd>{m.attachments.join(', ')}</dd>
            </>
          )}
          <dt className="text-muted-foreground">Created</dt>
          <dd>{formatDateTime(m.createdAt)}</dd>
          <dt className="text-muted-foreground">Status</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <OutboxStatusBadge status={m.status} />
            <span>
              {m.attempts} {m.attempts === 1 ? 'attempt' : 'attempts'}
              {m.sentAt && `, sent ${formatDateTime(m.sentAt)}`}
            </span>
          </dd>
          {m.lastError && (
            <>
              <dt className="text-muted-foreground">Last error</dt>
              <dd className="text-danger-text">{m.lastError}</dd>
            </>
          )}
        </dl>
      </DialogDescription>
      <ScrollBox label="The message's text" className="mt-4 min-h-0 rounded-md border border-border bg-muted p-4">
        <p className="whitespace-pre-wrap break-words font-mono text-sm leading-6">
          <LinkifiedText text={m.text} />
        </p>
      </ScrollBox>
    </>
  );
}
