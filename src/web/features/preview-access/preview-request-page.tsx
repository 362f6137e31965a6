import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS } from '../../../common/routes';
import type { PreviewRequestInput } from '../../../common/schemas/preview-access';
import { PageHeading } from '../../components/page-heading';
import { PageMeta } from '../../components/page-meta';
import { Alert } from '../../components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { isApiError } from '../../lib/api';
import { meQuery, useMe } from '../../lib/auth';
import { MY_PREVIEW_REQUEST_KEY } from './preview-status-api';
import { previewSignupPath, submitPreviewRequest, type PreviewSignupState } from './preview-access-api';
import { PreviewRequestForm } from './preview-request-form';
import { PreviewSteps } from './preview-steps';
import { SITE_NAME } from '../../lib/site-name';

const m = MESSAGES.previewAccess;

/**
 * The failure toasts: a blocked e-mail gets its own words (known by the server's message,
 * since other refusals are 403s too), anything else the server's message.
 */
function toastFailure(error: unknown) {
  if (isApiError(error) && error.status === 403 && error.message === m.blocked) {
    toast.error(m.blockedTitle, { description: m.blocked });
    return;
  }
  toast.error(m.submitFailedTitle, { description: isApiError(error) && error.message ? error.message : m.submitFailed });
}

/** /preview-request: step 1 of 4. Visitors go on to /preview-signup; a signed-in user's request is theirs at once. */
export function PreviewRequestPage() {
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = me.data?.user ?? null;

  const onSubmit = async (values: PreviewRequestInput) => {
    let id: string;
    let created: boolean;
    try {
      ({ id, created } = await submitPreviewRequest(values));
    } catch (error) {
      toastFailure(error);
      throw error;
    }
    if (user) {
      // Signed in: no account to create; the request is already linked to this account.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: MY_PREVIEW_REQUEST_KEY }),
        queryClient.invalidateQueries({ queryKey: meQuery.queryKey }),
      ]);
      // A request of theirs was open already (pending, approved or revoked): nothing new was made.
      if (created) toast.success(m.submittedSignedInTitle, { description: m.submittedSignedIn });
      else toast.info(m.alreadyRequestedTitle, { description: m.alreadyRequested });
      await navigate(PAGE_PATHS.previewStatus);
      return;
    }
    toast.success(m.submittedTitle, { description: m.submitted });
    await navigate(previewSignupPath(id, values.email), { state: { name: values.name } satisfies PreviewSignupState });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <PageMeta
        title="Request Preview Access"
        description={`Publishers, labels, producers, managers and music supervisors: request access to hear the ${SITE_NAME} song catalogue.`}
      />
      <PageHeading
        eyebrow="For industry professionals"
        title="Request preview access"
        lead="Publishers, labels, producers, managers and music supervisors can listen to our catalogue of songs ready to pitch. Tell us about you and we will review your request."
      />

      <div className="mt-10 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:items-start">
        <section aria-labelledby="how-it-works">
          <h2 id="how-it-works" className="text-2xl font-semibold">
            How it works
          </h2>
          <PreviewSteps current={1} className="mt-4" />
        </section>

        <Card>
          <CardHeader>
            <CardTitle>Tell us about you</CardTitle>
            <CardDescription>All fields are required.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            {me.data?.isPreview && (
              <Alert variant="success" className="flex flex-wrap items-center gap-2">
                <CircleCheck aria-hidden="true" className="size-4" />
                You already have preview access.
                <Link to={PAGE_PATHS.songs} className="link">
                  View Songs
                </Link>
              </Alert>
            )}
            <PreviewRequestForm accountEmail={user?.email} onSubmit={onSubmit} />
            {!user && (
              <p className="border-t border-border pt-5 text-sm text-muted-foreground">
                Already have an account?{' '}
                <Link to={PAGE_PATHS.auth} className="link">
                  Log in here
                </Link>
              </p>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
