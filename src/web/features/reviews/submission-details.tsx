import { FileText, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import * as MESSAGES from '../../../common/messages';

/** The parts of a submitted song both the songwriter and the reviewer read. File links are signed and expire. */
export interface SubmissionFields {
  songTitle: string;
  audioUrl: string | null;
  lyricsText: string | null;
  lyricsFileUrl: string | null;
  storyArc: string;
  aiUsage: string;
  additionalNotes: string | null;
}

/**
 * The audio, lyrics (text or a link to the file), story arc, AI usage and notes of a submission, each
 * under an h3 (the page gives the section its h2).
 */
export function SubmissionDetails({ submission }: { submission: SubmissionFields }) {
  return (
    <div className="grid gap-6">
      <Part title="Audio">
        {submission.audioUrl ? (
          <SubmissionAudio url={submission.audioUrl} label={`${submission.songTitle}: submitted audio`} />
        ) : (
          <p className="text-muted-foreground">No audio file.</p>
        )}
      </Part>
      <Part title="Lyrics">
        {submission.lyricsText ? (
          <p className="max-h-96 overflow-y-auto whitespace-pre-wrap break-words rounded-lg bg-muted px-4 py-3 leading-7">
            {submission.lyricsText}
          </p>
        ) : submission.lyricsFileUrl ? (
          <a href={submission.lyricsFileUrl} target="_blank" rel="noopener noreferrer" className="link inline-flex items-center gap-2">
            <FileText aria-hidden="true" className="size-4" />
            Open the lyrics file
          </a>
        ) : (
          <p className="text-muted-foreground">No lyrics were submitted.</p>
        )}
      </Part>
      <Part title="Story arc">
        <Text>{submission.storyArc}</Text>
      </Part>
      <Part title="AI usage">
        <Text>{submission.aiUsage}</Text>
      </Part>
      <Part title="Additional notes">
        {submission.additionalNotes ? <Text>{submission.additionalNotes}</Text> : <p className="text-muted-foreground">None.</p>}
      </Part>
    </div>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <h3 className="font-sans text-sm font-semibold uppercase tracking-wide text-muted-foreground">{title}</h3>
      {children}
    </div>
  );
}

function Text({ children }: { children: string }) {
  return <p className="whitespace-pre-wrap break-words leading-7">{children}</p>;
}

/**
 * The browser's own player, streaming the signed link with Range requests. The page refetches (new
 * signatures each time), so the player keeps the link it started with and moves to the newest one only
 * when its own fails (it expired after an hour).
 */
function SubmissionAudio({ url, label }: { url: string; label: string }) {
  const [src, setSrc] = useState(url);
  const [failed, setFailed] = useState(false);
  const latest = useRef(url);
  useEffect(() => {
    latest.current = url;
  }, [url]);

  return (
    <div className="grid gap-2">
      <audio
        controls
        preload="metadata"
        src={src}
        aria-label={label}
        className="w-full"
        onError={() => {
          if (latest.current !== src) setSrc(latest.current);
          else setFailed(true);
        }}
        onLoadedMetadata={() => setFailed(false)}
      />
      {failed && (
        <p role="alert" className="flex items-center gap-2 text-sm font-medium text-destructive">
          <TriangleAlert aria-hidden="true" className="size-4" />
          {MESSAGES.songs.audioLoadError}
        </p>
      )}
    </div>
  );
}
