import { Ban, Check, RotateCcw, UserCheck, UserX, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { AdminPreviewRequest } from '../../../../common/responses';
import { previewAccessStateOf } from '../../../../common/constants';
import * as MESSAGES from '../../../../common/messages';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { InlineSpinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format';
import type { RequestAction } from './admin-preview-api';
import { RequestStatusBadge } from './request-status-badge';
import { EmailText } from '../../../components/email-text';

/**
 * One request. Approving needs a confirmed account linked to the request (the server says so too), so the
 * button stays disabled, with the reason beside it, until the person has signed up and confirmed.
 */
export function RequestCard({
  request,
  busyAction,
  onAction,
}: {
  request: AdminPreviewRequest;
  /** The action running on this request, if any. */
  busyAction: RequestAction | null;
  onAction: (request: AdminPreviewRequest, action: RequestAction) => void;
}) {
  const id = useId();
  const status = previewAccessStateOf(request);
  const hasAccount = Boolean(request.userId && request.accountEmailVerified);
  const busy = busyAction !== null;

  return (
    <article aria-labelledby={`${id}-name`} className="rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={`${id}-name`} className="min-w-0 break-words text-lg font-semibold">
              {request.name}
            </h2>
            <RequestStatusBadge request={request} />
            {request.autoApprovedAt && <Badge variant="outline">Created by admin</Badge>}
          </div>
          <p className="mt-1 break-words text-sm text-muted-foreground">{request.companyName}</p>
        </div>
        <p className="text-sm text-muted-foreground">
          Submitted <time dateTime={request.createdAt}>{formatDate(request.createdAt)}</time>
        </p>
      </div>

      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-muted-foreground">Email</dt>
        <dd className="min-w-0">
          <a href={`mailto:${request.email}`} className="link">
            <EmailText email={request.email} />
          </a>
        </dd>
        <dt className="font-medium text-muted-foreground">PRO affiliation</dt>
        <dd>{request.proAffiliation}</dd>
        <dt className="font-medium text-muted-foreground">Account</dt>
        <dd className="flex items-center gap-1.5">
          {hasAccount ? (
            <>
              <UserCheck aria-hidden="true" className="size-4 text-success" />
              Linked and confirmed
            </>
          ) : request.userId ? (
            <>
              <UserX aria-hidden="true" className="size-4 text-accent-strong" />
              Linked, email not confirmed yet
            </>
          ) : (
            <>
              <UserX aria-hidden="true" className="size-4 text-muted-foreground" />
              No account yet
            </>
          )}
        </dd>
        {request.reviewedAt && (
          <>
            <dt className="font-medium text-muted-foreground">Reviewed</dt>
            <dd>
              <time dateTime={request.reviewedAt}>{formatDate(request.reviewedAt)}</time>
            </dd>
          </>
        )}
        {request.revokedAt && (
          <>
            <dt className="font-medium text-muted-foreground">Revoked</dt>
            <dd>
              <time dateTime={request.revokedAt}>{formatDate(request.revokedAt)}</time>
            </dd>
          </>
        )}
      </dl>

      <Description text={request.projectDescription} />

      <div className="mt-4 flex flex-col gap-3 border-t border-border pt-4 sm:flex-row sm:flex-wrap sm:items-center">
        {(status === 'pending' || status === 'revoked') && (
          <Button
            size="sm"
            disabled={!hasAccount || busy}
            aria-describedby={!hasAccount ? `${id}-why` : undefined}
            onClick={() => onAction(request, 'approve')}
          >
            {busyAction === 'approve' ? (
              <InlineSpinner />
            ) : status === 'revoked' ? (
              <RotateCcw aria-hidden="true" />
            ) : (
              <Check aria-hidden="true" />
            )}
            {status === 'revoked' ? 'Re-approve' : 'Approve'}
          </Button>
        )}
        {status === 'pending' && (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => onAction(request, 'reject')}>
            {busyAction === 'reject' ? <InlineSpinner /> : <X aria-hidden="true" />}
            Reject
          </Button>
        )}
        {status === 'approved' && (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => onAction(request, 'revoke')}>
            {busyAction === 'revoke' ? <InlineSpinner /> : <Ban aria-hidden="true" />}
            Revoke
          </Button>
        )}
        {status === 'rejected' && <p className="text-sm text-muted-foreground">This email is blocked from requesting access again.</p>}
        {(status === 'pending' || status === 'revoked') && !hasAccount && (
          <p id={`${id}-why`} className="text-sm text-muted-foreground sm:flex-1">
            {MESSAGES.previewAccess.noLinkedAccount}
          </p>
        )}
      </div>
    </article>
  );
}

/** Folded to three lines; "Show more" appears only when the text does not fit them (checked again on resize). */
function Description({ text }: { text: string }) {
  const id = useId();
  const ref = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el || open) return;
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [open, text]);

  return (
    <div className="mt-4">
      <p className="text-sm font-medium text-muted-foreground">Project description</p>
      <p ref={ref} id={id} className={`mt-1 whitespace-pre-line break-words text-sm leading-6 ${open ? '' : 'line-clamp-3'}`}>
        {text}
      </p>
      {(open || overflows) && (
        <Button variant="link" size="sm" className="h-auto p-0" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {open ? 'Show less' : 'Show more'}
        </Button>
      )}
    </div>
  );
}
