import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, CircleCheck, CircleX, Hourglass, Send, type LucideIcon } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { PreviewRequestView } from '../../../common/responses';
import { previewAccessStateOf, type PreviewAccessState } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS } from '../../../common/routes';
import { QueryState } from '../../components/query-state';
import { PageMeta } from '../../components/page-meta';
import { Badge, type BadgeProps } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import { meQuery, useMe } from '../../lib/auth';
import { myPreviewRequestQuery } from './preview-status-api';
import { SITE_NAME } from '../../lib/site-name';
import { EmailText } from '../../components/email-text';

const s = MESSAGES.previewStatus;

const LOOK: Record<
  PreviewAccessState,
  { title: string; body: string; badge: string; variant: BadgeProps['variant']; icon: LucideIcon; tone: string; iconTone: string }
> = {
  pending: {
    title: s.underReviewTitle,
    body: s.underReviewBody,
    badge: 'Pending',
    variant: 'warning',
    icon: Hourglass,
    tone: 'border-warning-line bg-warning-soft/60',
    iconTone: 'text-accent-strong',
  },
  approved: {
    title: s.approvedTitle,
    body: s.approvedBody,
    badge: 'Approved',
    variant: 'success',
    icon: CircleCheck,
    tone: 'border-success-line bg-success-soft/60',
    iconTone: 'text-success',
  },
  rejected: {
    title: s.rejectedTitle,
    body: s.rejectedBody,
    badge: 'Not Approved',
    variant: 'destructive',
    icon: CircleX,
    tone: 'border-danger-line bg-danger-soft/60',
    iconTone: 'text-destructive',
  },
  revoked: {
    title: s.revokedTitle,
    body: s.revokedBody,
    badge: 'Revoked',
    variant: 'destructive',
    icon: Ban,
    tone: 'border-danger-line bg-danger-soft/60',
    iconTone: 'text-destructive',
  },
};

/** /preview-status: the signed-in user's newest preview request, or a way to make one. Inside the signed-in guard. */
export function PreviewStatusPage() {
  const mine = useQuery(myPreviewRequestQuery);
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6 sm:py-16">
      <PageMeta title="Preview Status" description={`The status of your request for preview access to the ${SITE_NAME} catalogue.`} />
      <h1 className="text-4xl font-bold">Preview access</h1>
      <div className="mt-8">
        <QueryState
          query={mine}
          pending={<PageSpinner label="Loading your request…" />}
          errorTitle={s.loadFailed}
          isEmpty={(data) => !data.request}
          empty={<NoRequest />}
        >
          {(data) => data.request && <RequestCard request={data.request} />}
        </QueryState>
      </div>
    </div>
  );
}

function NoRequest() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{s.noRequest}</CardTitle>
        <CardDescription>Publishers, labels, producers, managers and music supervisors can ask to hear our catalogue.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link to={PAGE_PATHS.previewRequest}>
            <Send aria-hidden="true" />
            Request Access
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function RequestCard({ request }: { request: PreviewRequestView }) {
  const state = previewAccessStateOf(request);
  const look = LOOK[state];
  const Icon = look.icon;
  const me = useMe();
  const queryClient = useQueryClient();
  const staleRole = state === 'approved' ? !me.data?.isPreview : state === 'revoked' && me.data?.isPreview;

  // Approved or revoked since /api/me was last read: refresh it so the catalogue's guard agrees with this page.
  useEffect(() => {
    if (staleRole) void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
  }, [staleRole, queryClient]);

  return (
    <Card className={cn('overflow-hidden', look.tone)}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle className="flex items-center gap-2">
            <Icon aria-hidden="true" className={cn('size-6 shrink-0', look.iconTone)} />
            {look.title}
          </CardTitle>
          <Badge variant={look.variant}>{look.badge}</Badge>
        </div>
        <CardDescription className="text-base leading-7 text-foreground/80">{look.body}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {state === 'approved' && (
          <Button asChild size="lg" className="justify-self-start">
            <Link to={PAGE_PATHS.songs}>View Songs</Link>
          </Button>
        )}
        <section aria-labelledby="request-details" className="rounded-lg border border-border bg-card p-4">
          <h2 id="request-details" className="text-lg font-semibold">
            Your request
          </h2>
          <dl className="mt-3 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
            <Detail term="Name">{request.name}</Detail>
            <Detail term="Company">{request.companyName}</Detail>
            <Detail term="Email">
              <EmailText email={request.email} />
            </Detail>
            <Detail term="PRO affiliation">{request.proAffiliation}</Detail>
            <Detail term="Submitted">
              <time dateTime={request.createdAt}>{formatDate(request.createdAt)}</time>
            </Detail>
          </dl>
        </section>
        {state === 'revoked' && (
          <p className="text-sm text-muted-foreground">
            Questions?{' '}
            <Link to={PAGE_PATHS.contact} className="link">
              Contact us
            </Link>
            .
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:contents">
      <dt className="font-medium text-muted-foreground">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
