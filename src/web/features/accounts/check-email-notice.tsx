import { MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '../../../common/routes';
import { EmailText } from '../../components/email-text';
import { Button } from '../../components/ui/button';
import { ResendVerificationButton } from './resend-verification-button';

/** After a sign-up: where the confirmation link went, logging in once it is used, and sending it again. */
export function CheckEmailNotice({
  email,
  message,
  note,
  send,
}: {
  email: string;
  message: string;
  note?: ReactNode;
  send?: (email: string) => Promise<unknown>;
}) {
  return (
    <div className="grid gap-5">
      <div className="flex gap-3 rounded-md border border-success-line bg-success-soft p-4 text-success-text">
        <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="grid gap-2 text-sm leading-6">
          <p>{message}</p>
          <p>
            Sent to{' '}
            <strong>
              <EmailText email={email} />
            </strong>
            . The link is valid for one hour.
          </p>
        </div>
      </div>
      {note && <p className="text-sm leading-6 text-muted-foreground">{note}</p>}
      <Button asChild size="lg" className="w-full">
        <Link to={PAGE_PATHS.auth}>Already confirmed? Log in</Link>
      </Button>
      <ResendVerificationButton email={email} send={send} className="justify-self-center" />
    </div>
  );
}
