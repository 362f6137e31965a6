import { Download, FileArchive } from 'lucide-react';
import type { SongVersion } from '../../../common/responses';
import * as MESSAGES from '../../../common/messages';
import { buttonVariants } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { formatFileSize } from '../../lib/file-size';

const m = MESSAGES.songVersions;

/**
 * The song's other versions to download (the full demo is "Download MP3" beside it), for a caller allowed to
 * download: plain links, as the song's own MP3 is, so the browser saves the server's attachment itself.
 */
export function SongVersionDownloads({
  slug,
  songTitle,
  versions,
  className,
}: {
  slug: string;
  songTitle: string;
  versions: readonly SongVersion[];
  className?: string;
}) {
  const others = versions.filter((v) => v.kind !== 'full_demo');
  if (others.length === 0) return null;
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      {others.map((v) => {
        const Icon = v.kind === 'stems' ? FileArchive : Download;
        return (
          <a
            key={v.kind}
            href={`/api/songs/${encodeURIComponent(slug)}/versions/${v.kind}`}
            download
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
            aria-label={`${m.download(v.label)}: ${songTitle}`}
          >
            <Icon aria-hidden="true" className="size-4" />
            {m.download(v.label)}
            {v.sizeBytes !== null && <span className="text-muted-foreground">({formatFileSize(v.sizeBytes)})</span>}
          </a>
        );
      })}
    </div>
  );
}
