import * as MESSAGES from '../../../common/messages';

/**
 * The catalogue while its first page loads: card-sized placeholders taller than the screen, so the page
 * does not grow under the reader (and pull the footer through the viewport) when the songs arrive.
 */
export function SongListSkeleton() {
  return (
    <div role="status">
      {/* The catalogue's loading text, in the place the song count takes once the songs arrive. */}
      <p className="h-5 text-sm text-muted-foreground">{MESSAGES.songs.loadingList}</p>
      <ul aria-hidden="true" className="mt-4 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className="h-72 animate-pulse rounded-xl border bg-card motion-reduce:animate-none" />
        ))}
      </ul>
    </div>
  );
}
