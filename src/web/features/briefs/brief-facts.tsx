import * as MESSAGES from '../../../common/messages';
import type { WriterBrief } from '../../../common/responses';
import { dayInWords } from '../../../common/days';

const m = MESSAGES.briefs;

type Facts = Pick<
  WriterBrief,
  | 'description'
  | 'genre'
  | 'tempoMin'
  | 'tempoMax'
  | 'musicalKey'
  | 'vocal'
  | 'moods'
  | 'oneStopRequired'
  | 'artistShown'
  | 'deadlineOn'
  | 'expired'
  | 'references'
>;

const tempoOf = (min: number | null, max: number | null) =>
  min === null && max === null ? null : min === max ? `${min} BPM` : `${min ?? '…'}–${max ?? '…'} BPM`;

/** What a brief asks for, the same for its owner, the admins and the writers. */
export function BriefFacts({ brief }: { brief: Facts }) {
  const facts = [
    ['For', brief.artistShown],
    ['Genre', brief.genre],
    ['Tempo', tempoOf(brief.tempoMin, brief.tempoMax)],
    ['Key', brief.musicalKey ?? m.anyKey],
    ['Vocal', brief.vocal ? m.vocalLabels[brief.vocal] : m.anyVocal],
    ['Mood', brief.moods.length > 0 ? brief.moods.join(', ') : null],
    ['One-stop', brief.oneStopRequired ? 'Required' : 'Not required'],
    ['Deadline', `${dayInWords(brief.deadlineOn)}${brief.expired ? ` (${m.expiredLabel})` : ''}`],
  ].filter((f): f is [string, string] => Boolean(f[1]));
  return (
    <div className="mt-2 space-y-2 text-sm">
      <p className="whitespace-pre-line break-words">{brief.description}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
        {brief.references.length > 0 && (
          <div className="contents">
            <dt className="text-muted-foreground">Like</dt>
            <dd>{brief.references.map((r) => r.title).join(', ')}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}
