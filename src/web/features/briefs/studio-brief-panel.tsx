import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { BRIEF_VERDICTS, type BriefVerdict } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { StudioBrief } from '../../../common/responses/brief-shortlist';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import { BriefVerdictSchema } from '../../../common/schemas/brief-shortlist';
import { ErrorState } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { InlineSpinner, Spinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { saveVerdict, studioBriefQuery } from './screening-api';

const m = MESSAGES.briefShortlist;
const b = MESSAGES.briefs;

/**
 * Beside the rubric, for a submission that answers a brief: what the brief asks for, and the reviewer's screening
 * (fits, close or no, with the one-line reason the buyer reads beside a shortlisted song). Nothing for any other.
 */
export function StudioBriefPanel({ reviewId }: { reviewId: string }) {
  const answer = useQuery(studioBriefQuery(reviewId));
  if (answer.isPending) return <Spinner label="Loading the brief" />;
  if (answer.isError) return <ErrorState title={m.loadFailed} error={answer.error} onRetry={() => void answer.refetch()} />;
  if (!answer.data) return null;
  return (
    <Card role="region" aria-labelledby="studio-brief-heading">
      <CardHeader>
        <CardTitle id="studio-brief-heading">Answers the brief “{answer.data.brief.title}”</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <BriefFacts brief={answer.data.brief} />
        <ScreeningForm key={answer.data.screening.verdictAt ?? 'new'} reviewId={reviewId} answer={answer.data} />
      </CardContent>
    </Card>
  );
}

const tempoOf = ({ tempoMin, tempoMax }: StudioBrief['brief']) =>
  tempoMin && tempoMax ? `${tempoMin}–${tempoMax} BPM` : tempoMin ? `${tempoMin}+ BPM` : tempoMax ? `up to ${tempoMax} BPM` : 'Any tempo';

function BriefFacts({ brief }: { brief: StudioBrief['brief'] }) {
  const facts: [string, string][] = [
    ['Genre', brief.genre ?? 'Any genre'],
    ['Tempo', tempoOf(brief)],
    ['Key', brief.musicalKey ?? b.anyKey],
    ['Vocal', brief.vocal ? b.vocalLabels[brief.vocal] : b.anyVocal],
    ['Mood', brief.moods.length > 0 ? brief.moods.join(', ') : '—'],
    ['One-stop', brief.oneStopRequired ? 'Required' : 'Not required'],
    ['For', brief.artistShown],
    ['Deadline', brief.deadlineOn],
  ];
  return (
    <div className="grid gap-3 text-sm">
      <p className="whitespace-pre-line break-words">{brief.description}</p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {brief.references.length > 0 && (
        <p>
          Sounds like:{' '}
          {brief.references.map((r, i) => (
            <span key={r.songId}>
              {i > 0 && ', '}
              <Link className="link" to={pathTo(PAGE_PATHS.song, { slug: r.slug })}>
                {r.title}
              </Link>
            </span>
          ))}
        </p>
      )}
    </div>
  );
}

function ScreeningForm({ reviewId, answer }: { reviewId: string; answer: StudioBrief }) {
  const queryClient = useQueryClient();
  const { screening, editable } = answer;
  const [verdict, setVerdict] = useState<BriefVerdict | null>(screening.verdict);
  const [reason, setReason] = useState(screening.verdictReason ?? '');
  const [errors, setErrors] = useState<{ verdict?: string; reason?: string }>({});
  const save = useMutation({
    mutationFn: (values: { verdict: BriefVerdict; reason: string }) => saveVerdict(screening.answerId, values),
    onSuccess: (saved) => {
      toast.success(saved.shortlistedAt ? m.verdictSavedShortlisted : m.verdictSaved);
      void queryClient.invalidateQueries({ queryKey: studioBriefQuery(reviewId).queryKey });
    },
    onError: (error) => toast.error(isApiError(error) ? `${m.verdictSaveFailed}: ${error.message}` : m.verdictSaveFailed),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = BriefVerdictSchema.safeParse({ verdict: verdict ?? undefined, reason });
    if (!parsed.success) {
      const byField: { verdict?: string; reason?: string } = {};
      for (const issue of parsed.error.issues) byField[issue.path[0] as 'verdict' | 'reason'] ??= issue.message;
      setErrors(byField);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  if (!editable) {
    return (
      <p className="text-sm">
        <strong>{screening.verdict ? b.verdictLabels[screening.verdict] : 'Not screened'}</strong>
        {screening.verdictReason && <> — {screening.verdictReason}</>}
        {screening.shortlistedAt && <span className="block text-muted-foreground">On the buyer’s shortlist.</span>}
      </p>
    );
  }
  return (
    <form className="grid gap-3" onSubmit={submit} noValidate>
      <fieldset className="grid gap-2" aria-describedby={errors.verdict ? 'brief-verdict-error' : undefined}>
        <legend className="mb-1 text-sm font-medium">Fits the brief?</legend>
        <div className="flex flex-wrap gap-4">
          {BRIEF_VERDICTS.map((v) => (
            <label key={v} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="brief-verdict"
                value={v}
                className="size-4 accent-primary"
                checked={verdict === v}
                onChange={() => setVerdict(v)}
              />
              {b.verdictLabels[v]}
            </label>
          ))}
        </div>
        {errors.verdict && (
          <p id="brief-verdict-error" className="text-sm text-destructive">
            {errors.verdict}
          </p>
        )}
      </fieldset>
      <FormField label="Reason (one line, the buyer reads it)" error={errors.reason} required>
        <Input value={reason} maxLength={280} onChange={(e) => setReason(e.target.value)} />
      </FormField>
      <p className="text-sm text-muted-foreground">
        A song that fits goes on the brief’s shortlist once it is in the catalogue (a new song when its writer signs).
      </p>
      <Button type="submit" className="justify-self-start" disabled={save.isPending}>
        {save.isPending && <InlineSpinner />}
        Save screening
      </Button>
    </form>
  );
}
