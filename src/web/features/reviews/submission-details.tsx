import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SubmissionFields } from '../../../common/responses/reviews';
import type { LyricCraft } from '../../../common/responses/lyric-craft';
import { ScrollBox } from '../../components/scroll-box';
import { LyricCraftPanel } from './lyric-craft-panel';

/**
 * The audio (the page's player: the review studio), lyrics (text or a link to the file), story arc, AI usage
 * and notes of a submission, each under an h3 (the page gives the section its h2). The reviewer's page also
 * gives the lyric's craft, shown right after the lyric.
 */
export function SubmissionDetails({
  submission,
  audio,
  lyricCraft,
}: {
  submission: SubmissionFields;
  audio: ReactNode;
  lyricCraft?: LyricCraft | null;
}) {
  return (
    <div className="grid gap-6">
      <Part title="Audio">{audio}</Part>
      <Part title="Lyrics">
        {submission.lyricsText ? (
          <ScrollBox label="Lyrics" className="max-h-96 whitespace-pre-wrap break-words rounded-lg bg-muted px-4 py-3 leading-7">
            {submission.lyricsText}
          </ScrollBox>
        ) : submission.lyricsFileUrl ? (
          <a href={submission.lyricsFileUrl} target="_blank" rel="noopener noreferrer" className="link inline-flex items-center gap-2">
            <FileText aria-hidden="true" className="size-4" />
            Open the lyrics file
          </a>
        ) : (
          <p className="text-muted-foreground">No lyrics were submitted.</p>
        )}
      </Part>
      {lyricCraft && (
        <Part title="Lyric craft">
          <LyricCraftPanel craft={lyricCraft} />
        </Part>
      )}
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
