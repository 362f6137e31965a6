import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import * as MESSAGES from '../../../common/messages';
import { songFileProblem } from '../../../common/song-files';
import type { CataloguePage } from '../../../common/responses';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Progress } from '../../components/ui/progress';
import { api, isApiError } from '../../lib/api';
import { REFERENCE_POLL_MS, referenceTrack, uploadReference, type SoundsLikeTarget } from './sounds-like-api';
import { Results } from './sounds-like-results';

const m = MESSAGES.referenceSearch;

type Phase =
  | { step: 'choose'; error?: string }
  | { step: 'uploading'; name: string; percent: number }
  | { step: 'analysing'; name: string; id: string }
  | { step: 'results'; name: string; target: SoundsLikeTarget };

/** "Sounds like…": upload a reference MP3 or pick a catalogue song, follow the analysis, read the ranked songs. */
export function SoundsLikeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const [oneStop, setOneStop] = useState(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl overflow-y-auto">
        <DialogTitle className="pr-8 text-xl font-semibold">{m.title}</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-muted-foreground">{m.intro}</DialogDescription>
        {phase.step === 'choose' ? (
          <ChooseReference error={phase.error} onPhase={setPhase} />
        ) : phase.step === 'uploading' ? (
          <div className="mt-6" aria-live="polite">
            <p className="text-sm">{m.uploading}</p>
            <Progress className="mt-2" value={phase.percent} label={m.uploading} />
          </div>
        ) : phase.step === 'analysing' ? (
          <Analysing id={phase.id} name={phase.name} onPhase={setPhase} />
        ) : (
          <Results
            name={phase.name}
            target={phase.target}
            oneStop={oneStop}
            onOneStop={setOneStop}
            onAgain={() => setPhase({ step: 'choose' })}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ChooseReference({ error, onPhase }: { error?: string; onPhase: (phase: Phase) => void }) {
  const fileId = useId();
  const [file, setFile] = useState<File>();
  const [problem, setProblem] = useState(error);
  const upload = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setProblem(m.referenceRequired);
    const wrong = songFileProblem('audio', file);
    if (wrong) return setProblem(wrong);
    onPhase({ step: 'uploading', name: file.name, percent: 0 });
    try {
      const track = await uploadReference(file, (fraction) => onPhase({ step: 'uploading', name: file.name, percent: 100 * fraction }));
      onPhase({ step: 'analysing', name: file.name, id: track.id });
    } catch (failure) {
      onPhase({ step: 'choose', error: isApiError(failure) ? failure.message : MESSAGES.generic.network });
    }
  };
  return (
    <div className="mt-6 grid gap-8 sm:grid-cols-2">
      <form onSubmit={(event) => void upload(event)} noValidate>
        <Label htmlFor={fileId}>{m.uploadLabel}</Label>
        <input
          id={fileId}
          type="file"
          accept="audio/mpeg,.mp3"
          className="mt-2 block w-full text-sm"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${fileId}-error` : undefined}
          onChange={(event) => {
            setFile(event.target.files?.[0]);
            setProblem(undefined);
          }}
        />
        {problem ? (
          <p id={`${fileId}-error`} role="alert" className="mt-2 text-sm text-destructive">
            {problem}
          </p>
        ) : null}
        <Button type="submit" className="mt-4">
          {m.upload}
        </Button>
      </form>
      <PickSong onPick={(slug, title) => onPhase({ step: 'results', name: title, target: { song: slug } })} />
    </div>
  );
}

function PickSong({ onPick }: { onPick: (slug: string, title: string) => void }) {
  const searchId = useId();
  const [q, setQ] = useState('');
  const found = useQuery({
    queryKey: ['sounds-like-pick', q],
    queryFn: ({ signal }) => api<CataloguePage>('/api/songs', { query: { q, pageSize: 6 }, signal }),
    enabled: q.trim().length > 1,
  });
  return (
    <div>
      <Label htmlFor={searchId}>{m.pickLabel}</Label>
      <Input
        id={searchId}
        className="mt-2"
        type="search"
        placeholder={m.pickPlaceholder}
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      <ul className="mt-2 space-y-1">
        {(found.data?.rows ?? []).map((song) => (
          <li key={song.id}>
            <Button variant="ghost" className="w-full justify-start" onClick={() => onPick(song.slug, song.title)}>
              {song.title}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Analysing({ id, name, onPhase }: { id: string; name: string; onPhase: (phase: Phase) => void }) {
  const track = useQuery({
    queryKey: ['reference-track', id],
    queryFn: () => referenceTrack(id),
    refetchInterval: (query) => (query.state.data?.state === 'done' || query.state.data?.state === 'failed' ? false : REFERENCE_POLL_MS),
  });
  const state = track.data?.state;
  useEffect(() => {
    if (state === 'done') onPhase({ step: 'results', name, target: { reference: id } });
  }, [state, id, name, onPhase]);
  if (state === 'failed' || track.isError)
    return (
      <div className="mt-6" role="alert">
        <p className="text-sm text-destructive">{isApiError(track.error) && track.error.code === 'NOT_FOUND' ? m.gone : m.failed}</p>
        <Button className="mt-4" variant="outline" onClick={() => onPhase({ step: 'choose' })}>
          {MESSAGES.similarity.retry}
        </Button>
      </div>
    );
  const words = state === 'running' ? m.running : m.queued;
  return (
    <div className="mt-6" aria-live="polite">
      <p className="text-sm">{words}</p>
      <Progress className="mt-2" value={state === 'running' ? 60 : 20} label={words} />
    </div>
  );
}
