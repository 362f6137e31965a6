import { ListPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';

const loadMenu = () => import('./add-to-playlist-menu');
const AddToPlaylistMenu = lazy(() => loadMenu().then((m) => ({ default: m.AddToPlaylistMenu })));

interface Props {
  songId: string;
  songTitle: string;
  className?: string;
}

/**
 * "Add to playlist" as every card and song page first shows it: the button alone. The menu, its dialog and their
 * form code load when a listener points at or focuses the button, and the menu opens on the press, so the
 * catalogue's first view does not carry them.
 */
export function AddToPlaylist(props: Props) {
  const [pressed, setPressed] = useState(false);
  const button = (busy: boolean) => (
    <Button
      variant="outline"
      aria-label={`Add to playlist: ${props.songTitle}`}
      aria-busy={busy || undefined}
      className={cn('relative z-10', props.className)}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setPressed(true)}
    >
      <ListPlus aria-hidden="true" />
      Add to playlist
    </Button>
  );
  if (!pressed) return button(false);
  return (
    <Suspense fallback={button(true)}>
      <AddToPlaylistMenu {...props} initiallyOpen />
    </Suspense>
  );
}
