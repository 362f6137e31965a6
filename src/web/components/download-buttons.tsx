import { Download, FileText } from 'lucide-react';
import * as MESSAGES from '../../common/messages';
import { cn } from '../lib/cn';
import { buttonVariants } from './ui/button';

const m = MESSAGES.downloads;

/**
 * "Download MP3" and "Lyric sheet (PDF)" for a caller allowed to download: plain links, so the browser saves
 * the server's attachment itself (with its cookie or the pitch link in the path) and no bytes pass through script.
 */
export function DownloadButtons({ base, songTitle, className }: { base: string; songTitle: string; className?: string }) {
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      <a
        href={`${base}/mp3`}
        download
        className={buttonVariants({ variant: 'outline', size: 'sm' })}
        aria-label={`${m.downloadMp3}: ${songTitle}`}
      >
        <Download aria-hidden="true" className="size-4" />
        {m.downloadMp3}
      </a>
      <a
        href={`${base}/lyric-sheet`}
        download
        className={buttonVariants({ variant: 'outline', size: 'sm' })}
        aria-label={`${m.lyricSheet}: ${songTitle}`}
      >
        <FileText aria-hidden="true" className="size-4" />
        {m.lyricSheet}
      </a>
    </div>
  );
}
