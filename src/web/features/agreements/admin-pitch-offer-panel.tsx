import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Music, Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { PITCH_AGREEMENT } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { AdminPitchAgreement } from '../../../common/responses';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import { PitchOfferSchema, type PitchOfferInput, type PitchOfferValues } from '../../../common/schemas/agreements';
import { QueryState } from '../../components/query-state';
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
import { offerAgreement, refreshAgreements, reviewAgreementsQuery, signedPdfUrl, withdrawAgreement } from './agreements-api';

const NUMBER_FIELDS = ['commissionPercent', 'termMonths', 'expiresInDays'] as const;

/** On the admin's review page: offer to pitch the reviewed song, and every offer made for it so far. */
export function AdminPitchOfferPanel({
  reviewId,
  reviewSent,
  pitchReady = true,
}: {
  reviewId: string;
  reviewSent: boolean;
  /** The sent review's verdict allows an offer: Pitch-ready, or none (sent before the rubric). */
  pitchReady?: boolean;
}) {
  const agreements = useQuery(reviewAgreementsQuery(reviewId));
  const live = agreements.data?.some((a) => a.state === 'offered' || a.state === 'accepted');
  return (
    <Card role="region" aria-labelledby="pitch-agreement-heading">
      <CardHeader>
        <CardTitle id="pitch-agreement-heading">Pitch agreement</CardTitle>
        <p className="text-sm text-muted-foreground">
          {!reviewSent
            ? MESSAGES.agreements.reviewNotReviewed
            : pitchReady
              ? 'Offer to pitch this song; the songwriter is emailed and signs on their review page.'
              : MESSAGES.rubric.offerNeedsPitchReady}
        </p>
      </CardHeader>
      <CardContent className="grid gap-6">
        <QueryState
          query={agreements}
          pending={<InlineSpinner />}
          errorTitle="Could not load this song's pitch agreements"
          isEmpty={(rows) => rows.length === 0}
          empty={null}
        >
          {(rows) => (
            <ul className="grid gap-3">
              {rows.map((agreement) => (
                <AgreementRow key={agreement.id} agreement={agreement} />
              ))}
            </ul>
          )}
        </QueryState>
        {reviewSent && pitchReady && agreements.isSuccess && !live && <OfferForm reviewId={reviewId} />}
      </CardContent>
    </Card>
  );
}

function AgreementRow({ agreement }: { agreement: AdminPitchAgreement }) {
  const queryClient = useQueryClient();
  const withdraw = useMutation({
    mutationFn: () => withdrawAgreement(agreement.id),
    onSuccess: () => toast.success('Offer withdrawn'),
    onError: (error) => toast.error(error.message),
    onSettled: () => refreshAgreements(queryClient),
  });
  return (
    <li className="grid gap-2 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{termsLine(agreement)}</span>
        <AgreementStateBadge state={agreement.state} />
      </div>
      <p className="text-sm text-muted-foreground">
        Offered {formatDate(agreement.createdAt)}
        {agreement.state === 'offered' && `, open until ${formatDate(agreement.expiresAt)}`}
        {agreement.state === 'accepted' && agreement.signedName && `, signed by ${agreement.signedName}`}
        {agreement.answeredAt && agreement.state !== 'offered' && ` on ${formatDate(agreement.answeredAt)}`}
      </p>
      {agreement.declineReason && <p className="whitespace-pre-wrap break-words text-sm">“{agreement.declineReason}”</p>}
      <div className="flex flex-wrap gap-2">
        {agreement.state === 'offered' && (
          <Button size="sm" variant="outline" disabled={withdraw.isPending} onClick={() => withdraw.mutate()}>
            {withdraw.isPending && <InlineSpinner />}
            Withdraw the offer
          </Button>
        )}
        {agreement.catalogueSongId && (
          <Button asChild size="sm" variant="outline">
            <Link to={pathTo(PAGE_PATHS.adminSongEdit, { id: agreement.catalogueSongId })}>
              <Music aria-hidden="true" />
              {agreement.catalogue === 'published' ? 'Catalogue song (published)' : 'Catalogue song (not yet published)'}
            </Link>
          </Button>
        )}
        {agreement.state === 'accepted' && (
          <Button asChild size="sm" variant="outline">
            <a href={signedPdfUrl(agreement.id, 'admin')} download>
              <Download aria-hidden="true" />
              Signed agreement (PDF)
            </a>
          </Button>
        )}
      </div>
    </li>
  );
}

function OfferForm({ reviewId }: { reviewId: string }) {
  const queryClient = useQueryClient();
  const form = useForm<PitchOfferInput, unknown, PitchOfferValues>({
    resolver: zodResolver(PitchOfferSchema),
    defaultValues: {
      reviewId,
      commissionPercent: PITCH_AGREEMENT.defaultCommissionPercent,
      termMonths: PITCH_AGREEMENT.defaultTermMonths,
      expiresInDays: PITCH_AGREEMENT.defaultExpiresInDays,
      note: '',
    },
  });
  const { errors } = form.formState;
  const offer = useMutation({
    mutationFn: offerAgreement,
    onSuccess: () => toast.success('Offer sent to the songwriter'),
    onError: (error) => {
      if (isApiError(error) && error.fields) {
        for (const field of [...NUMBER_FIELDS, 'note'] as const) {
          const message = error.fields[field]?.[0];
          if (message) form.setError(field, { message });
        }
      }
      toast.error(error.message);
    },
    onSettled: () => refreshAgreements(queryClient),
  });
  const number = (field: (typeof NUMBER_FIELDS)[number]) => form.register(field, { valueAsNumber: true });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => offer.mutate(values))} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Commission (%)" error={errors.commissionPercent?.message}>
          <Input type="number" inputMode="numeric" min={1} max={PITCH_AGREEMENT.maxCommissionPercent} {...number('commissionPercent')} />
        </FormField>
        <FormField label="Term (months)" error={errors.termMonths?.message}>
          <Input type="number" inputMode="numeric" min={1} max={PITCH_AGREEMENT.maxTermMonths} {...number('termMonths')} />
        </FormField>
        <FormField label="Open for (days)" error={errors.expiresInDays?.message}>
          <Input type="number" inputMode="numeric" min={1} max={PITCH_AGREEMENT.maxExpiresInDays} {...number('expiresInDays')} />
        </FormField>
      </div>
      <FormField label="Note to the songwriter (optional)" error={errors.note?.message}>
        <Textarea rows={3} maxLength={PITCH_AGREEMENT.noteMax} {...form.register('note')} />
      </FormField>
      <Button type="submit" disabled={offer.isPending} className="justify-self-start">
        {offer.isPending ? <InlineSpinner /> : <Send aria-hidden="true" />}
        Offer a pitch agreement
      </Button>
    </form>
  );
}
