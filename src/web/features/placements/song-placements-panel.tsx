import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Save } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { PLACEMENT, PLACEMENT_STATUSES } from '../../../common/constants';
import { formatCents } from '../../../common/money';
import type { Placement, SongPlacements } from '../../../common/responses';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import {
  centsToDollars,
  commissionOf,
  dollarsToCents,
  PlacementFormSchema,
  type PlacementFormInput,
  type PlacementFormValues,
} from '../../../common/schemas/placements';
import { DataTable } from '../../components/data-table';
import { QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { InlineSpinner } from '../../components/ui/spinner';
import { applyFieldErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { formatDay, PlacementStatusBadge, STATUS_LABELS } from './placement-status';
import { refreshPlacements, savePlacement, songPlacementsQuery } from './placements-api';

const FORM_FIELDS = ['artist', 'project', 'label', 'status', 'releaseDate', 'income'] as const;

/**
 * On the admin's song page, for a song that came in under a signed pitch agreement: its placements, and a form
 * to record one or edit one. Nothing shows for the company's own songs.
 */
export function SongPlacementsPanel({ songId }: { songId: string }) {
  const placements = useQuery(songPlacementsQuery(songId));
  // Only a pitched song has the panel: nothing shows until the answer says which this is.
  if (placements.isPending || (placements.isSuccess && !placements.data.agreement)) return null;
  return (
    <Card role="region" aria-labelledby="placements-heading">
      <CardHeader>
        <CardTitle id="placements-heading">Placements</CardTitle>
        {placements.data?.agreement && <AgreementLine agreement={placements.data.agreement} />}
      </CardHeader>
      <CardContent>
        <QueryState query={placements} errorTitle="Could not load this song's placements">
          {(data) => <Placements data={data} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function AgreementLine({ agreement }: { agreement: NonNullable<SongPlacements['agreement']> }) {
  return (
    <CardDescription>
      Pitched for {agreement.writerName} ({agreement.writerEmail}) at {agreement.commissionPercent}% commission under a{' '}
      <Link className="link" to={pathTo(PAGE_PATHS.adminSongwriterReview, { id: agreement.reviewId })}>
        signed pitch agreement
      </Link>
      . The commission is computed from the income on every save.
    </CardDescription>
  );
}

function Placements({ data }: { data: SongPlacements }) {
  // The placement being edited, or 'new' while the add form is open.
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const commissionPercent = data.agreement!.commissionPercent;
  const current = data.placements.find((p) => p.id === editing);
  return (
    <div className="grid gap-6">
      {data.placements.length === 0 ? (
        <p className="text-sm text-muted-foreground">No placements recorded yet.</p>
      ) : (
        <DataTable
          label="Placements"
          caption="This song's placements, newest first"
          variant="panel"
          columns={[
            'Artist',
            'Project',
            'Label',
            'Status',
            'Release date',
            { label: 'Income', numeric: true },
            { label: 'Commission', numeric: true },
            { label: <span className="sr-only">Actions</span> },
          ]}
        >
          {data.placements.map((p) => (
            <tr key={p.id} className="border-b border-border last:border-0">
              <td className="py-2 pr-4 font-medium">{p.artist}</td>
              <td className="py-2 pr-4">{p.project ?? '—'}</td>
              <td className="py-2 pr-4">{p.label ?? '—'}</td>
              <td className="py-2 pr-4">
                <PlacementStatusBadge status={p.status} />
              </td>
              <td className="py-2 pr-4 whitespace-nowrap">{formatDay(p.releaseDate)}</td>
              <td className="py-2 pr-4 text-right tabular-nums">{formatCents(p.incomeCents)}</td>
              <td className="py-2 pr-4 text-right tabular-nums">{formatCents(p.commissionCents)}</td>
              <td className="py-2 text-right">
                <Button size="sm" variant="outline" onClick={() => setEditing(p.id)}>
                  <Pencil aria-hidden="true" />
                  Edit<span className="sr-only"> the placement with {p.artist}</span>
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {editing === null ? (
        <Button variant="outline" className="justify-self-start" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          Add a placement
        </Button>
      ) : (
        <PlacementForm
          key={editing}
          songId={data.songId}
          placement={current}
          commissionPercent={commissionPercent}
          onDone={() => setEditing(null)}
        />
      )}
    </div>
  );
}

function initialValues(placement: Placement | undefined): PlacementFormInput {
  return {
    artist: placement?.artist ?? '',
    project: placement?.project ?? '',
    label: placement?.label ?? '',
    status: placement?.status ?? 'on_hold',
    releaseDate: placement?.releaseDate ?? '',
    income: placement ? centsToDollars(placement.incomeCents) : '',
  };
}

function PlacementForm({
  songId,
  placement,
  commissionPercent,
  onDone,
}: {
  songId: string;
  placement?: Placement;
  commissionPercent: number;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<PlacementFormInput, unknown, PlacementFormValues>({
    resolver: zodResolver(PlacementFormSchema),
    defaultValues: initialValues(placement),
  });
  const { errors } = form.formState;
  const income = useWatch({ control: form.control, name: 'income' });
  const incomeCents = dollarsToCents(income ?? '') ?? (income === '' || income === undefined ? 0 : null);
  const save = useMutation({
    mutationFn: (values: PlacementFormValues) => savePlacement({ id: placement?.id, songId, values }),
    onSuccess: () => {
      toast.success(placement ? 'Placement saved' : 'Placement recorded');
      onDone();
    },
    onError: (error) => {
      applyFieldErrors(form.setError, error, FORM_FIELDS);
      toast.error(error.message);
    },
    onSettled: () => refreshPlacements(queryClient),
  });
  const heading = placement ? `Edit the placement with ${placement.artist}` : 'Add a placement';

  return (
    <form
      noValidate
      aria-label={heading}
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className="grid gap-4 rounded-lg border border-border p-4"
    >
      <h3 className="font-semibold">{heading}</h3>
      <div className="grid items-start gap-4 sm:grid-cols-3">
        <FormField label="Artist" required error={errors.artist?.message}>
          <Input maxLength={PLACEMENT.artistMax} {...form.register('artist')} />
        </FormField>
        <FormField label="Project" error={errors.project?.message}>
          <Input maxLength={PLACEMENT.projectMax} {...form.register('project')} />
        </FormField>
        <FormField label="Label" error={errors.label?.message}>
          <Input maxLength={PLACEMENT.labelMax} {...form.register('label')} />
        </FormField>
        <FormField label="Status" error={errors.status?.message}>
          <NativeSelect {...form.register('status')}>
            {PLACEMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Release date" hint="If known" error={errors.releaseDate?.message}>
          <Input type="date" {...form.register('releaseDate')} />
        </FormField>
        <FormField
          label="Income received ($)"
          hint={
            incomeCents === null
              ? 'Dollars and cents'
              : `Commission at ${commissionPercent}%: ${formatCents(commissionOf(incomeCents, commissionPercent))}`
          }
          error={errors.income?.message}
        >
          <Input inputMode="decimal" placeholder="0.00" {...form.register('income')} />
        </FormField>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <InlineSpinner /> : <Save aria-hidden="true" />}
          {placement ? 'Save the placement' : 'Record the placement'}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
