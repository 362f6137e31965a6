import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, ListPlus, Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import * as MESSAGES from '../../../common/messages';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { addPlaylistSongs, createPlaylist, myPlaylistsQuery, playlistChanged } from './playlists-api';
import { PlaylistFormDialog } from './playlist-form-dialog';

const m = MESSAGES.playlists;

/**
 * "Add to playlist" for one song (a catalogue card, the song page): a menu of the listener's playlists, those
 * already holding the song ticked, and "New playlist…", which names a new one holding the song. The list is
 * read when the menu first opens.
 */
export function AddToPlaylistMenu({
  songId,
  songTitle,
  className,
  initiallyOpen = false,
}: {
  songId: string;
  songTitle: string;
  className?: string;
  /** Open at once: the button that loaded this menu was pressed (add-to-playlist.tsx). */
  initiallyOpen?: boolean;
}) {
  const queryClient = useQueryClient();
  const [menuOpen, setMenuOpen] = useState(initiallyOpen);
  const [creating, setCreating] = useState(false);
  // "New playlist…" opens its dialog once the menu has closed, so the menu's focus return does not fight the dialog's.
  const wantsNew = useRef(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const mine = useQuery({ ...myPlaylistsQuery, enabled: menuOpen });

  const add = async (playlist: { id: string; name: string; songIds: string[] }) => {
    if (playlist.songIds.includes(songId)) {
      toast.info(m.alreadyIn(songTitle, playlist.name));
      return;
    }
    try {
      await playlistChanged(queryClient, await addPlaylistSongs(playlist.id, [songId]));
      toast.success(m.added(songTitle, playlist.name));
    } catch (error) {
      toast.error(error instanceof Error ? `${m.addFailed}: ${error.message}` : m.addFailed);
    }
  };

  return (
    <>
      {/* Not modal, as the account menu: a modal menu hides the page with aria-hidden while its controls stay focusable. */}
      <DropdownMenu modal={false} open={menuOpen} onOpenChange={setMenuOpen}>
        <DropdownMenuTrigger asChild>
          {/* The name starts with the visible label and says which song, as each card has one. */}
          <Button ref={trigger} variant="outline" aria-label={`Add to playlist: ${songTitle}`} className={cn('relative z-10', className)}>
            <ListPlus aria-hidden="true" />
            Add to playlist
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="start"
          className="max-h-80 overflow-y-auto"
          onCloseAutoFocus={(event) => {
            if (!wantsNew.current) return;
            wantsNew.current = false;
            event.preventDefault();
            setCreating(true);
          }}
        >
          <DropdownMenuLabel>Add “{songTitle}” to</DropdownMenuLabel>
          {mine.isPending ? (
            <div className="px-3 py-2">
              <Spinner label="Loading your playlists…" />
            </div>
          ) : mine.isError ? (
            <p role="alert" className="px-3 py-2 text-sm text-destructive">
              {m.loadFailed}
            </p>
          ) : (
            mine.data.map((playlist) => {
              const holds = playlist.songIds.includes(songId);
              return (
                <DropdownMenuItem key={playlist.id} onSelect={() => void add(playlist)}>
                  {holds ? <Check aria-hidden="true" /> : <span aria-hidden="true" className="inline-block size-4" />}
                  <span className="min-w-0 flex-1 truncate">{playlist.name}</span>
                  {holds && <span className="sr-only"> (already added)</span>}
                </DropdownMenuItem>
              );
            })
          )}
          {mine.isSuccess && mine.data.length > 0 && <DropdownMenuSeparator />}
          <DropdownMenuItem onSelect={() => (wantsNew.current = true)}>
            <Plus aria-hidden="true" />
            New playlist…
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <PlaylistFormDialog
        open={creating}
        onOpenChange={(open) => {
          setCreating(open);
          if (!open) requestAnimationFrame(() => trigger.current?.focus());
        }}
        title="New playlist"
        description={`It starts with “${songTitle}”.`}
        submitLabel="Create playlist"
        save={(values) => createPlaylist({ ...values, songIds: [songId] })}
        onSaved={(playlist) => {
          void playlistChanged(queryClient, playlist);
          toast.success(m.added(songTitle, playlist.name));
        }}
      />
    </>
  );
}
