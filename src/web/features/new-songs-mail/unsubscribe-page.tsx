import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS } from '../../../common/routes';
import { PageMeta } from '../../components/page-meta';
import { Alert } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api';
import { unsubscribe } from './new-songs-mail-api';

const m = MESSAGES.newSongsMail;

/**
 * /unsubscribe?token=: the weekly email's link. Opening it turns the email off at once, signed in or not (the
 * signed token names the buyer). It is a POST the page's script makes, so a mail scanner that only fetches the
 * link turns nothing off.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const run = useMutation({ mutationFn: unsubscribe });
  // Once per opening, StrictMode's second effect included.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || token === '') return;
    sent.current = true;
    run.mutate(token);
  }, [run, token]);

  const refused = token === '' || (run.isError && isApiError(run.error) && run.error.status === 400);
  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:px-6 sm:py-12">
      <PageMeta title={m.unsubscribeHeading} description={m.settingHeading} />
      <h1 className="text-3xl font-bold">{m.unsubscribeHeading}</h1>
      <div className="mt-6" aria-live="polite">
        {refused ? (
          <Alert variant="destructive" role="alert">
            {m.badLink}
          </Alert>
        ) : run.isError ? (
          <Alert variant="destructive" role="alert">
            {m.unsubscribeFailed}
          </Alert>
        ) : run.isSuccess ? (
          <div className="grid gap-2">
            <p className="text-lg">{m.unsubscribed}</p>
            <p className="text-muted-foreground">
              {m.unsubscribedHint}{' '}
              <Link to={PAGE_PATHS.account} className="font-medium text-foreground underline">
                Your account
              </Link>
            </p>
          </div>
        ) : (
          <Spinner label={m.unsubscribing} />
        )}
      </div>
    </div>
  );
}
