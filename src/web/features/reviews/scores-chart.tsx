import type { ReviewVerdict } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { RubricScore, ScoreChange } from '../../../common/responses/reviews';
import { Badge } from '../../components/ui/badge';

const r = MESSAGES.rubric;

const verdictVariant = { pitch_ready: 'success', rewrite_suggested: 'warning', not_yet: 'secondary' } as const;

/**
 * The review's scores as a bar chart: each category with its score as text ("4 / 5"), a bar for the eye,
 * what the level means and the reviewer's reason. Screen readers read the text; the bars are hidden from them.
 * A rewrite's review also lists each score's change since the first version ("Hook 3 → 4 (+1)").
 */
export function ScoresChart({
  scores,
  verdict,
  changes = null,
}: {
  scores: RubricScore[];
  verdict: ReviewVerdict | null;
  changes?: ScoreChange[] | null;
}) {
  return (
    <figure aria-labelledby="scores-chart-title" className="grid content-start gap-4">
      <figcaption id="scores-chart-title" className="font-semibold">
        Scores
      </figcaption>
      {verdict && (
        <p className="text-sm">
          Verdict: <Badge variant={verdictVariant[verdict]}>{r.verdicts[verdict]}</Badge>
        </p>
      )}
      <ul aria-label="Scores by category" className="grid gap-4">
        {scores.map(({ category, score, reason }) => (
          <li key={category} className="grid gap-1">
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-medium">{r.categories[category]}</span>
              <span className="tabular-nums">{score === null ? '–' : `${score} / 5`}</span>
            </div>
            <div aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-muted">
              <div className="h-full rounded-full bg-primary" style={{ width: `${((score ?? 0) / 5) * 100}%` }} />
            </div>
            {score !== null && <p className="text-xs text-muted-foreground">{r.levels[category][score - 1]}</p>}
            {reason && <p className="text-sm">{reason}</p>}
          </li>
        ))}
      </ul>
      {changes && (
        <div className="grid gap-2 border-t border-border pt-4">
          <p id="score-changes-title" className="text-sm font-semibold">
            {MESSAGES.rewrites.scoreChangesTitle}
          </p>
          <ul aria-labelledby="score-changes-title" className="grid gap-1 text-sm tabular-nums">
            {changes.map(({ category, before, after }) => (
              <li key={category} className={after !== null && before !== null && after > before ? 'font-semibold text-success' : undefined}>
                {MESSAGES.rewrites.scoreChange(r.categories[category], before, after)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </figure>
  );
}
