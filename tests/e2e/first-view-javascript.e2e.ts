import { expect, inject, test } from 'vitest';
import { measureFirstViews } from '../../scripts/first-view';

/**
 * The JavaScript each budgeted page downloads before it can be used, in the build the journeys serve (React's
 * production build), against its budget in scripts/first-view.ts. Bytes do not move from run to run, so this is a
 * check, not a benchmark.
 */
test('no budgeted page downloads more JavaScript before its first view than its budget', () => {
  const webRoot = inject('webRoot');
  expect(webRoot, 'the journeys serve a build of their own (E2E_SKIP_BUILD is not set)').not.toBe('');
  const views = measureFirstViews(webRoot);
  console.info(views.map((v) => `${v.page}: ${v.bytes} bytes gzip in ${v.files} files (budget ${v.budgetBytes})`).join('\n'));
  expect(views.filter((v) => v.bytes > v.budgetBytes)).toEqual([]);
});
