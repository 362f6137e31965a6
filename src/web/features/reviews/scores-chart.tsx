import type { ReviewVerdict } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { RubricScore } from '../../../common/responses/reviews';
import { Badge } from '../../components/ui/badge';

const r = MESSAGES.rubric;

const verdictVariant = { pitch_ready: 'success', rewrite_suggested: 'warning', not_yet: 'secondary' } as const;

/**
 * The review's scores as a bar chart: each category with its score as text ("4 / 5"), a bar for the eye,
 * what the level means and the reviewer's reason. Screen readers read the text; the bars are hidden from them.
 */
export function ScoresChart({ scores, verdict }: { scores: RubricScore[]; verdict: ReviewVerdict | null }) {
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
    </figure>
  );
}
