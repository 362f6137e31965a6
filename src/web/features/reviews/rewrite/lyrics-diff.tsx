import { diffLines } from 'diff';
import { useMemo } from 'react';
import * as MESSAGES from '../../../../common/messages';
import { ScrollBox } from '../../../components/scroll-box';
import { cn } from '../../../lib/cn';

const m = MESSAGES.rewrites;

type Line = { kind: 'same' | 'added' | 'removed'; text: string };

/** Line endings as a textarea sends them, and a last newline, so a last line is compared like any other. */
const normalized = (text: string) => `${text.replaceAll('\r\n', '\n').trimEnd()}\n`;

/** The lines of both versions in order, each kept, added or removed (jsdiff's line diff). */
export function diffLyrics(before: string, after: string): Line[] {
  return diffLines(normalized(before), normalized(after)).flatMap((part) =>
    part.value
      .replace(/\n$/, '')
      .split('\n')
      .map((text) => ({ kind: part.added ? 'added' : part.removed ? 'removed' : 'same', text }) satisfies Line),
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The lyrics of the first version and of the rewrite, line by line: removed lines struck through with "−",
 * added lines with "+", each also named for screen readers, and a count of both.
 */
export function LyricsDiff({ before, after }: { before: string | null; after: string | null }) {
  const lines = useMemo(() => (before !== null && after !== null ? diffLyrics(before, after) : []), [before, after]);
  if (before === null && after === null) return <p className="text-muted-foreground">{m.noLyrics}</p>;
  if (before === null || after === null) return <p className="text-muted-foreground">{m.lyricsNotComparable}</p>;
  const added = lines.filter((line) => line.kind === 'added').length;
  const removed = lines.filter((line) => line.kind === 'removed').length;
  if (added === 0 && removed === 0) return <p className="text-muted-foreground">{m.lyricsUnchanged}</p>;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        {plural(added, 'line')} added, {plural(removed, 'line')} removed.
      </p>
      <ScrollBox label="Lyrics, first version to rewrite" className="rounded-lg border border-border font-mono text-sm leading-6">
        <ol aria-label="Lyrics, first version to rewrite">
          {lines.map((line, i) => (
            <li
              key={i}
              className={cn(
                'flex gap-3 whitespace-pre-wrap break-words px-3',
                line.kind === 'added' && 'bg-success-soft text-success-text',
                line.kind === 'removed' && 'bg-danger-soft text-danger-text',
              )}
            >
              <span aria-hidden="true" className="w-3 shrink-0 select-none font-bold">
                {line.kind === 'added' ? '+' : line.kind === 'removed' ? '−' : ' '}
              </span>
              {line.kind === 'same' ? (
                <span className="min-w-0">{line.text || '\u00a0'}</span>
              ) : line.kind === 'added' ? (
                <ins className="min-w-0 no-underline">
                  <span className="sr-only">Added: </span>
                  {line.text || '\u00a0'}
                </ins>
              ) : (
                <del className="min-w-0">
                  <span className="sr-only">Removed: </span>
                  {line.text || '\u00a0'}
                </del>
              )}
            </li>
          ))}
        </ol>
      </ScrollBox>
    </div>
  );
}
