import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { BRIEF_VOCALS } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { MUSICAL_KEYS } from '../../../common/musical-keys';
import { PAGE_PATHS } from '../../../common/routes';
import { BriefCreateSchema, type BriefCreateInput } from '../../../common/schemas/briefs';
import { PageMeta } from '../../components/page-meta';
import { Button } from '../../components/ui/button';
import { fieldClasses, Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { isApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { BRIEFS_KEY, createBrief } from './briefs-api';

const m = MESSAGES.briefs;
type Errors = Partial<Record<string, string>>;

const numberOrNull = (value: FormDataEntryValue | null) => (value === null || value === '' ? null : Number(value));
const textOrNull = (value: FormDataEntryValue | null) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The form's fields as the API reads them. */
function briefInputOf(data: FormData): BriefCreateInput {
  const moods = String(data.get('moods') ?? '')
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
  return {
    title: String(data.get('title') ?? ''),
    description: String(data.get('description') ?? ''),
    genre: textOrNull(data.get('genre')),
    tempoMin: numberOrNull(data.get('tempoMin')),
    tempoMax: numberOrNull(data.get('tempoMax')),
    musicalKey: (textOrNull(data.get('musicalKey')) as BriefCreateInput['musicalKey']) ?? null,
    vocal: (textOrNull(data.get('vocal')) as BriefCreateInput['vocal']) ?? null,
    moods,
    oneStopRequired: data.get('oneStopRequired') === 'on',
    artistShown: String(data.get('artistShown') ?? ''),
    showBuyer: data.get('showBuyer') === 'on',
    deadlineOn: String(data.get('deadlineOn') ?? ''),
    referenceSongIds: [],
  };
}

function Field({ name, label, error, children }: { name: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`brief-${name}`} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {error && (
        <p id={`brief-${name}-error`} className="text-sm text-danger-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** /my-briefs/new: a buyer (or an admin) writes a brief; a buyer's waits for an admin's approval. */
export function WriteBriefPage() {
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const props = (name: string) => ({
    id: `brief-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `brief-${name}-error` : undefined,
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = briefInputOf(new FormData(event.currentTarget));
    const parsed = BriefCreateSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const brief = await createBrief(input);
      toast.success(brief.state === 'open' ? m.createdLive : m.created);
      await queryClient.invalidateQueries({ queryKey: BRIEFS_KEY });
      void navigate(PAGE_PATHS.myBriefs);
    } catch (error) {
      if (isApiError(error) && error.fields) setErrors(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, v[0]])));
      toast.error(error instanceof Error ? error.message : m.createFailed);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-12">
      <PageMeta title="Write a brief" description="Tell songwriters what you are looking for." />
      <h1 className="text-4xl font-bold">Write a brief</h1>
      <form className="mt-8 flex flex-col gap-4" onSubmit={(e) => void onSubmit(e)} noValidate>
        <Field name="title" label="Title" error={errors.title}>
          <Input {...props('title')} required maxLength={120} />
        </Field>
        <Field name="description" label="What you are looking for" error={errors.description}>
          <Textarea {...props('description')} required />
        </Field>
        <Field name="artistShown" label="Artist or project, as writers see it" error={errors.artistShown}>
          <Input {...props('artistShown')} required placeholder="a major-label artist" />
        </Field>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field name="genre" label="Genre (optional)" error={errors.genre}>
            <Input {...props('genre')} />
          </Field>
          <Field name="deadlineOn" label="Deadline" error={errors.deadlineOn}>
            <Input {...props('deadlineOn')} type="date" required />
          </Field>
          <Field name="tempoMin" label="Slowest tempo, BPM (optional)" error={errors.tempoMin}>
            <Input {...props('tempoMin')} type="number" min={1} max={300} inputMode="numeric" />
          </Field>
          <Field name="tempoMax" label="Fastest tempo, BPM (optional)" error={errors.tempoMax}>
            <Input {...props('tempoMax')} type="number" min={1} max={300} inputMode="numeric" />
          </Field>
          <Field name="musicalKey" label="Key" error={errors.musicalKey}>
            <select {...props('musicalKey')} className={fieldClasses} defaultValue="">
              <option value="">{m.anyKey}</option>
              {MUSICAL_KEYS.map((k) => (
                <option key={k}>{k}</option>
              ))}
            </select>
          </Field>
          <Field name="vocal" label="Vocal" error={errors.vocal}>
            <select {...props('vocal')} className={fieldClasses} defaultValue="">
              <option value="">{m.anyVocal}</option>
              {BRIEF_VOCALS.map((v) => (
                <option key={v} value={v}>
                  {m.vocalLabels[v]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field name="moods" label="Mood words, separated by commas (optional)" error={errors.moods}>
          <Input {...props('moods')} placeholder="positive, summer" />
        </Field>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="oneStopRequired" /> One-stop clearance required
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="showBuyer" /> Show writers my name and company
        </label>
        <div>
          <Button type="submit" disabled={sending}>
            {sending ? 'Sending…' : 'Send the brief'}
          </Button>
        </div>
      </form>
    </div>
  );
}
