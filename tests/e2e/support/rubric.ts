import type { Locator } from 'playwright-core';
import { RUBRIC_CATEGORIES, type ReviewVerdict } from '../../../src/common/constants';
import * as MESSAGES from '../../../src/common/messages';

const r = MESSAGES.rubric;

/** Scores every category of the review form (by its level's radio and a reason) and picks the verdict, as the reviewer does. */
export async function scoreTheRubric(editor: Locator, scores: Partial<Record<string, number>>, verdict: ReviewVerdict, fallback = 4) {
  for (const category of RUBRIC_CATEGORIES) {
    const name = r.categories[category];
    const score = scores[category] ?? fallback;
    await editor
      .getByRole('group', { name, exact: true })
      .getByRole('radio', { name: `${score} ${r.levels[category][score - 1]}`, exact: true })
      .check();
    await editor.getByLabel(`Reason for the ${name} score`, { exact: true }).fill(`${name}: ${r.levels[category][score - 1]}.`);
  }
  await editor.getByRole('group', { name: 'Verdict', exact: true }).getByRole('radio', { name: r.verdicts[verdict], exact: true }).check();
}
