import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { LIMITS } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { ErrorState } from '../../components/error-state';
import { ScrollBox } from '../../components/scroll-box';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { pickableSongsQuery } from './pitching-api';

/**
 * The shortlist of a pitch link: active catalogue songs found by title and added, then put in order with
 * Up and Down (each move is announced) or removed. The value is the song ids in order.
 */
export function ShortlistPicker({ value, onChange, error }: { value: string[]; onChange: (ids: string[]) => void; error?: string }) {
  const songs = useQuery(pickableSongsQuery);
  const [q, setQ] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const searchId = useId();
  const errorId = useId();

  if (songs.isPending) return <Spinner label="Loading the catalogue" />;
  if (songs.isError)
    return <ErrorState title={MESSAGES.pitching.songsLoadFailed} error={songs.error} onRetry={() => void songs.refetch()} />;

  const byId = new Map(songs.data.map((s) => [s.id, s]));
  const titleOf = (id: string) => byId.get(id)?.title ?? 'Unknown song';
  const full = value.length >= LIMITS.pitchSongsMax;
  const needle = q.trim().toLowerCase();
  const candidates = songs.data
    .filter((s) => s.isActive && !value.includes(s.id) && (!needle || s.title.toLowerCase().includes(needle)))
    .slice(0, 50);

  const move = (index: number, delta: -1 | 1) => {
    const target = index + delta;
    if (target < 0 || target >= value.length) return;
    const next = [...value];
    [next[index], next[target]] = [next[target]!, next[index]!];
    onChange(next);
    setAnnouncement(`${titleOf(value[index]!)} moved to position ${target + 1} of ${value.length}.`);
  };
  const add = (id: string) => {
    onChange([...value, id]);
    setAnnouncement(`${titleOf(id)} added at position ${value.length + 1}.`);
  };
  const remove = (id: string) => {
    onChange(value.filter((v) => v !== id));
    setAnnouncement(`${titleOf(id)} removed.`);
  };

  return (
    <fieldset className="grid gap-4" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">
        Songs ({value.length} of at most {LIMITS.pitchSongsMax})
      </legend>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {value.length === 0 ? (
        <p className="rounded-md border border-dashed border-border p-4 text-sm text-muted-foreground">
          No songs yet: add them from the list below.
        </p>
      ) : (
        <ol aria-label="Shortlist" className="grid gap-2">
          {value.map((id, index) => (
            <li key={id} className="flex items-center gap-2 rounded-md border border-border bg-card px-3 py-2">
              <span className="w-6 shrink-0 text-right tabular-nums text-muted-foreground">{index + 1}.</span>
              <span className="min-w-0 flex-1 break-words font-medium">{titleOf(id)}</span>
              <Button variant="ghost" size="icon" disabled={index === 0} onClick={() => move(index, -1)}>
                <ArrowUp aria-hidden="true" />
                <span className="sr-only">Move {titleOf(id)} up</span>
              </Button>
              <Button variant="ghost" size="icon" disabled={index === value.length - 1} onClick={() => move(index, 1)}>
                <ArrowDown aria-hidden="true" />
                <span className="sr-only">Move {titleOf(id)} down</span>
              </Button>
              <Button variant="ghost" size="icon" onClick={() => remove(id)}>
                <Trash2 aria-hidden="true" />
                <span className="sr-only">Remove {titleOf(id)}</span>
              </Button>
            </li>
          ))}
        </ol>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}

      <div className="grid gap-2">
        <Label htmlFor={searchId}>Find a song to add</Label>
        <Input id={searchId} type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Title" />
        {candidates.length === 0 ? (
          <p className="text-sm text-muted-foreground">{MESSAGES.pitching.noSongsToAdd}</p>
        ) : (
          // The Add buttons take the focus and scroll the list, except when the shortlist is full (all disabled).
          <ScrollBox label="Songs to add" className="max-h-72 rounded-md border border-border">
            <ul aria-label="Songs to add" className="grid gap-1 p-1">
              {candidates.map((song) => (
                <li key={song.id} className="flex items-center justify-between gap-2 rounded px-2 py-1 hover:bg-muted">
                  <span className="min-w-0 break-words">
                    {song.title}
                    {song.genre && <span className="text-muted-foreground"> · {song.genre}</span>}
                  </span>
                  <Button variant="outline" size="sm" disabled={full} onClick={() => add(song.id)}>
                    <Plus aria-hidden="true" />
                    Add<span className="sr-only"> {song.title}</span>
                  </Button>
                </li>
              ))}
            </ul>
          </ScrollBox>
        )}
      </div>
    </fieldset>
  );
}
