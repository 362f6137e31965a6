import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, PenLine } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PITCH_AGREEMENT } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { PitchAgreement } from '../../../common/responses';
import * as z from 'zod/mini';
import { AcceptPitchAgreementSchema } from '../../../common/schemas/agreements';
import { ErrorState } from '../../components/error-state';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { InlineSpinner } from '../../components/ui/spinner';
import { Textarea } from '../../components/ui/textarea';
import { isApiError } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { AgreementStateBadge, termsLine } from './agreement-state';
import { acceptAgreement, declineAgreement, myAgreementsQuery, refreshAgreements, signedPdfUrl } from './agreements-api';

const m = MESSAGES.agreements;

/** The server's schema, with the box starting unticked: only a ticked box passes. */
const SignFormSchema = z.object({
  legalName: AcceptPitchAgreementSchema.shape.legalName,
  consent: z.pipe(z.boolean(), AcceptPitchAgreementSchema.shape.consent),
});
type SignFormInput = z.input<typeof SignFormSchema>;
type SignFormOutput = z.output<typeof SignFormSchema>;

/** On the songwriter's review page: our offer to pitch the song, to read and sign or decline, or the signed copy. */
export function PitchOfferCard({ reviewId }: { reviewId: string }) {
  const agreements = useQuery(myAgreementsQuery);
  // No card while there is no offer; a failed read says so, as an offer may be waiting.
  if (agreements.isError) {
    return <ErrorState title="Could not load your pitch offers" error={agreements.error} onRetry={() => void agreements.refetch()} />;
  }
  const latest = agreements.data?.find((a) => a.reviewId === reviewId);
  if (!latest) return null;
  return (
    <Card role="region" aria-labelledby="pitch-offer-heading">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id="pitch-offer-heading">Pitch agreement</CardTitle>
          <AgreementStateBadge state={latest.state} />
        </div>
        <p className="text-sm text-muted-foreground">{termsLine(latest)}</p>
      </CardHeader>
      <CardContent className="grid gap-4">
        {latest.note && <p className="whitespace-pre-wrap break-words rounded-lg bg-muted px-4 py-3 leading-6">{latest.note}</p>}
        <details className="rounded-lg border border-border px-4 py-3" open={latest.state === 'offered'}>
          <summary className="cursor-pointer font-medium">The agreement (version {latest.textVersion})</summary>
          {/* Focusable, so the text scrolls from the keyboard too. */}
          <pre
            tabIndex={0}
            aria-label="The agreement's text"
            className="mt-3 max-h-80 overflow-auto whitespace-pre-wrap break-words font-sans text-sm leading-6"
          >
            {latest.text}
          </pre>
        </details>
        <AgreementAnswer agreement={latest} />
      </CardContent>
    </Card>
  );
}

function AgreementAnswer({ agreement }: { agreement: PitchAgreement }) {
  switch (agreement.state) {
    case 'offered':
      return <SignOrDecline agreement={agreement} />;
    case 'accepted':
      return (
        <div className="grid gap-3">
          <p>
            Signed by <span className="font-semibold">{agreement.signedName}</span> on{' '}
            {formatDate(agreement.answeredAt ?? agreement.createdAt)}.
          </p>
          {agreement.catalogue && <p>{m.inCatalogue(agreement.catalogue)}</p>}
          <Button asChild variant="outline" className="justify-self-start">
            <a href={signedPdfUrl(agreement.id, 'songwriter')} download>
              <Download aria-hidden="true" />
              Download the signed agreement (PDF)
            </a>
          </Button>
        </div>
      );
    case 'declined':
      return (
        <p className="text-muted-foreground">
          You declined this offer{agreement.answeredAt ? ` on ${formatDate(agreement.answeredAt)}` : ''}.
        </p>
      );
    case 'withdrawn':
      return <p className="text-muted-foreground">We withdrew this offer. Write to us in the conversation if you have questions.</p>;
    case 'expired':
      return <p className="text-muted-foreground">{m.expired}</p>;
  }
}

function SignOrDecline({ agreement }: { agreement: PitchAgreement }) {
  const queryClient = useQueryClient();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const declineButton = useRef<HTMLButtonElement>(null);
  const keepOpen = () => {
    setDeclining(false);
    // The Decline button comes back; the keyboard returns to it rather than to the top of the page.
    requestAnimationFrame(() => declineButton.current?.focus());
  };
  const form = useForm<SignFormInput, unknown, SignFormOutput>({
    resolver: zodResolver(SignFormSchema),
    defaultValues: { legalName: '', consent: false },
  });
  const { errors } = form.formState;
  const answered = async (message: string) => {
    toast.success(message);
    await refreshAgreements(queryClient);
  };
  const failed = (error: Error) => {
    if (isApiError(error) && error.fields) {
      for (const field of ['legalName', 'consent'] as const) {
        const message = error.fields[field]?.[0];
        if (message) form.setError(field, { message });
      }
      setReasonError(error.fields.reason?.[0]);
    }
    toast.error(error.message);
    void refreshAgreements(queryClient);
  };
  const sign = useMutation({
    mutationFn: (values: SignFormOutput) => acceptAgreement(agreement.id, values),
    onSuccess: () => answered('Agreement signed. We will start pitching your song.'),
    onError: failed,
  });
  const decline = useMutation({
    mutationFn: () => declineAgreement(agreement.id, reason),
    onSuccess: () => answered('Offer declined.'),
    onError: failed,
  });

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">Open until {formatDate(agreement.expiresAt)}.</p>
      <form noValidate onSubmit={form.handleSubmit((values) => sign.mutate(values))} className="grid gap-4">
        <FormField label="Your full legal name" error={errors.legalName?.message} hint="Typing your name signs the agreement above.">
          <Input autoComplete="name" maxLength={PITCH_AGREEMENT.legalNameMax} {...form.register('legalName')} />
        </FormField>
        <div className="grid gap-2">
          <label className="flex items-start gap-3 text-sm leading-6">
            <input
              type="checkbox"
              className="mt-1 size-4 shrink-0 accent-primary"
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={errors.consent ? 'consent-error' : undefined}
              {...form.register('consent')}
            />
            <span>I have read the agreement and agree to its terms.</span>
          </label>
          {errors.consent && (
            <p id="consent-error" className="text-sm font-medium text-destructive">
              {errors.consent.message}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={sign.isPending || decline.isPending}>
            {sign.isPending ? <InlineSpinner /> : <PenLine aria-hidden="true" />}
            Sign the agreement
          </Button>
          {!declining && (
            <Button ref={declineButton} variant="outline" onClick={() => setDeclining(true)}>
              Decline
            </Button>
          )}
        </div>
      </form>
      {declining && (
        <Alert className="grid gap-3">
          <FormField label="Why are you declining? (optional)" error={reasonError}>
            <Textarea
              autoFocus
              rows={3}
              maxLength={PITCH_AGREEMENT.declineReasonMax}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </FormField>
          <div className="flex flex-wrap gap-3">
            <Button variant="destructive" disabled={decline.isPending} onClick={() => decline.mutate()}>
              {decline.isPending && <InlineSpinner />}
              Decline the offer
            </Button>
            <Button variant="ghost" onClick={keepOpen}>
              Keep the offer open
            </Button>
          </div>
        </Alert>
      )}
    </div>
  );
}
