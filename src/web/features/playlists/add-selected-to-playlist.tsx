import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ListPlus, Plus } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import * as MESSAGES from '../../../common/messages';
import type { PlaylistDetail, PlaylistSummary } from '../../../common/responses';
import { PlaylistCreateSchema } from '../../../common/schemas/playlists';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { Input } from '../../components/ui/input';
import { InlineSpinner, Spinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { addPlaylistSongs, createPlaylist, myPlaylistsQuery, playlistChanged } from './playlists-api';

const m = MESSAGES.playlists;

/**
 * "Add to playlist" for the catalogue's bulk bar: the selected songs, in the page's order, go to the end of one of
 * the buyer's playlists (those already in it stay where they are), or start a new one named right in the bar.
 * `onDone` clears the selection once they are in.
 */
export function AddSelectedToPlaylist({
  songIds,
  onDone,
  disabled,
}: {
  songIds: readonly string[];
  onDone: () => void;
  disabled?: boolean;
}) {
  const queryClient = useQueryClient();
  const [menuOpen, setMenuOpen] = useState(false);
  const [naming, setNaming] = useState(false);
  const [busy, setBusy] = useState(false);
  // "New playlist…" shows the name field once the menu has closed, so the menu's focus return does not take it back.
  const wantsNew = useRef(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const mine = useQuery({ ...myPlaylistsQuery, enabled: menuOpen });

  const addTo = async (playlist: PlaylistSummary) => {
    const fresh = songIds.filter((id) => !playlist.songIds.includes(id));
    if (fresh.length === 0) {
      toast.info(m.allAlreadyIn(playlist.name));
      return;
    }
    setBusy(true);
    try {
      await playlistChanged(queryClient, await addPlaylistSongs(playlist.id, [...songIds]));
      toast.success(m.addedMany(fresh.length, playlist.name));
      onDone();
    } catch (error) {
      toast.error(isApiError(error) ? `${m.addManyFailed}: ${error.message}` : m.addManyFailed);
    } finally {
      setBusy(false);
    }
  };

  if (naming)
    return (
      <NewPlaylistInPlace
        songIds={songIds}
        onCancel={() => {
          setNaming(false);
          requestAnimationFrame(() => trigger.current?.focus());
        }}
        onCreated={(playlist) => {
          void playlistChanged(queryClient, playlist);
          toast.success(m.addedMany(playlist.songCount, playlist.name));
          onDone();
        }}
      />
    );

  return (
    // Not modal, as the one-song menu: a modal menu hides the page with aria-hidden while its controls stay focusable.
    <DropdownMenu modal={false} open={menuOpen} onOpenChange={setMenuOpen}>
      <DropdownMenuTrigger asChild>
        <Button ref={trigger} size="sm" variant="outline" disabled={disabled || busy} aria-busy={busy || undefined}>
          {busy ? <InlineSpinner /> : <ListPlus aria-hidden="true" />}
          {m.addSelected}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="start"
        className="max-h-80 overflow-y-auto"
        onCloseAutoFocus={(event) => {
          if (!wantsNew.current) return;
          wantsNew.current = false;
          event.preventDefault();
          setNaming(true);
        }}
      >
        <DropdownMenuLabel>{m.addSelectedTo(songIds.length)}</DropdownMenuLabel>
        {mine.isPending ? (
          <div className="px-3 py-2">
            <Spinner label="Loading your playlists…" />
          </div>
        ) : mine.isError ? (
          <p role="alert" className="px-3 py-2 text-sm text-destructive">
            {m.loadFailed}
          </p>
        ) : (
          mine.data.map((playlist) => (
            <DropdownMenuItem key={playlist.id} onSelect={() => void addTo(playlist)}>
              <span className="min-w-0 flex-1 truncate">{playlist.name}</span>
            </DropdownMenuItem>
          ))
        )}
        {mine.isSuccess && mine.data.length > 0 && <DropdownMenuSeparator />}
        <DropdownMenuItem onSelect={() => (wantsNew.current = true)}>
          <Plus aria-hidden="true" />
          New playlist…
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The new playlist's name, typed in the bar itself; checked with the schema the server uses. */
function NewPlaylistInPlace({
  songIds,
  onCancel,
  onCreated,
}: {
  songIds: readonly string[];
  onCancel: () => void;
  onCreated: (playlist: PlaylistDetail) => void;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = PlaylistCreateSchema.safeParse({ name, songIds: [...songIds] });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? m.createFailed);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      onCreated(await createPlaylist({ name: checked.data.name, songIds: [...songIds] }));
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : m.createFailed);
      setSaving(false);
    }
  };
  return (
    <form noValidate className="flex flex-wrap items-start gap-2" onSubmit={(event) => void submit(event)}>
      <div className="grid gap-1">
        <label htmlFor={id} className="sr-only">
          {m.newPlaylistName}
        </label>
        <Input
          id={id}
          // Focus moves here from the menu item that asked for it.
          autoFocus
          autoComplete="off"
          maxLength={100}
          placeholder={m.newPlaylistName}
          value={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-8 w-56"
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !saving) onCancel();
          }}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" size="sm" disabled={saving}>
        {saving && <InlineSpinner />}
        {m.createWithSelected}
      </Button>
      <Button type="button" size="sm" variant="ghost" disabled={saving} onClick={onCancel}>
        Cancel
      </Button>
    </form>
  );
}
