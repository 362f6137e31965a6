import { Info } from 'lucide-react';
import { useLocation } from 'react-router';
import * as MESSAGES from '../../common/messages';
import { Alert } from './ui/alert';
import { cn } from '../lib/cn';

/** What an out-of-date link led to, when its page sent the visitor on to a list instead. */
const STALE_LINKS = {
  song: { title: MESSAGES.songs.staleSongTitle, body: MESSAGES.songs.staleSongBody },
  adminSong: { title: MESSAGES.songs.staleAdminSongTitle, body: MESSAGES.songs.staleAdminSongBody },
} as const;

export type StaleLink = keyof typeof STALE_LINKS;

/** The navigation state a page gives the page it sends a stale link on to, which says why (StaleLinkNotice). */
export interface StaleLinkState {
  staleLink: StaleLink;
}

export const staleLinkState = (staleLink: StaleLink): StaleLinkState => ({ staleLink });

function staleLinkOf(state: unknown): StaleLink | null {
  const kind = (state as Partial<StaleLinkState> | null)?.staleLink;
  return kind && Object.hasOwn(STALE_LINKS, kind) ? kind : null;
}

/**
 * On the page a stale link ended on, why the visitor is here and not where the link pointed. It goes with the
 * history entry the stale link made: the list reached any other way says nothing of it.
 */
export function StaleLinkNotice({ className }: { className?: string }) {
  const kind = staleLinkOf(useLocation().state);
  if (!kind) return null;
  const { title, body } = STALE_LINKS[kind];
  return (
    <Alert role="status" className={cn('flex gap-3', className)}>
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="mt-1 text-muted-foreground">{body}</p>
      </div>
    </Alert>
  );
}
