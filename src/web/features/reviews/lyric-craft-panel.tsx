import type { ReactNode } from 'react';
import type { LyricCraft, LyricLine } from '../../../common/responses/lyric-craft';
import { ScrollBox } from '../../components/scroll-box';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "line 4", "lines 4 and 8", "lines 4, 8 and 12". */
function onLines(numbers: number[]): string {
  if (numbers.length === 1) return `line ${numbers[0]}`;
  return `lines ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
}

/**
 * "Lyric craft": facts measured from the lyric text, beside it on the reviewer's page: lines and sections, the
 * title's appearances, the longest line, repeated lines, and each section's rhyme pattern with each line's
 * syllables. Letters and words carry every meaning, never colour alone.
 */
export function LyricCraftPanel({ craft }: { craft: LyricCraft }) {
  if (craft.lineCount === 0) return <p className="text-muted-foreground">The lyric has no lines to measure.</p>;
  const anyGuessed = craft.stanzas.some((stanza) => stanza.lines.some((line) => line.rhymeGuessed));
  return (
    <div className="grid gap-4 text-sm" data-testid="lyric-craft">
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[max-content_minmax(0,1fr)]">
        <Fact term="Lines">
          {plural(craft.lineCount, 'line')} in {plural(craft.stanzas.length, 'section')} (sections are split by blank lines)
        </Fact>
        <Fact term="Title">
          “{craft.title.text}”{' '}
          {craft.title.count === 0
            ? 'does not appear in the lyric'
            : `appears ${craft.title.count === 1 ? 'once' : `${craft.title.count} times`}, on ${onLines(craft.title.lines)}`}
        </Fact>
        {craft.longestLine && (
          <Fact term="Longest line">
            Line {craft.longestLine.number}, {plural(craft.longestLine.syllables, 'syllable')}: “{craft.longestLine.text}”
          </Fact>
        )}
        <Fact term="Repeated lines">
          {craft.repeatedLines.length === 0 ? (
            'None'
          ) : (
            <ul className="grid gap-1">
              {craft.repeatedLines.map((repeat) => (
                <li key={repeat.lines[0]}>
                  “{repeat.text}”: {repeat.count} times ({onLines(repeat.lines)})
                </li>
              ))}
            </ul>
          )}
        </Fact>
      </dl>
      <p className="text-muted-foreground">
        Lines with the same letter rhyme with each other, within their section.
        {anyGuessed && ' “guess”: the last word is not in the dictionary, so its rhyme is judged by its spelling.'}
      </p>
      <ScrollBox label="Rhymes and syllables, line by line" className="max-h-96 rounded-lg border border-border">
        <div className="grid gap-4 p-2">
          {craft.stanzas.map((stanza, i) => (
            <StanzaTable key={stanza.lines[0]!.number} index={i} scheme={stanza.scheme} lines={stanza.lines} />
          ))}
        </div>
      </ScrollBox>
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

function StanzaTable({ index, scheme, lines }: { index: number; scheme: string; lines: LyricLine[] }) {
  return (
    <table className="w-full text-left">
      <caption className="px-2 pb-1 text-left font-semibold">
        Section {index + 1}: rhyme pattern {scheme}
      </caption>
      <thead className="bg-muted text-xs">
        <tr>
          <th scope="col" className="w-0 px-2 py-1">
            Line
          </th>
          <th scope="col" className="px-2 py-1">
            Words
          </th>
          <th scope="col" className="w-0 px-2 py-1">
            Rhyme
          </th>
          <th scope="col" className="w-0 px-2 py-1 text-right">
            Syllables
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {lines.map((line) => (
          <tr key={line.number}>
            <td className="px-2 py-1 tabular-nums text-muted-foreground">{line.number}</td>
            <td className="min-w-0 break-words px-2 py-1">{line.text}</td>
            <td className="whitespace-nowrap px-2 py-1 font-mono font-semibold">
              {line.rhyme}
              {line.rhymeGuessed && <span className="ml-1 font-sans text-xs font-normal text-muted-foreground">guess</span>}
            </td>
            <td className="px-2 py-1 text-right tabular-nums">{line.syllables}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
