import { beforeEach } from 'vitest';

/*
 * Journeys are retried once (vitest.e2e.config.ts), and a journey that fails and then passes is reported only
 * as "(retry x1)": this prints why each failed try failed, so a journey that fails now and then can be fixed.
 */
beforeEach(({ onTestFailed }) => {
  onTestFailed(({ task }) => {
    const errors = (task.result?.errors ?? []).map((e) => e.stack ?? e.message).join('\n');
    console.error(`[try ${(task.result?.retryCount ?? 0) + 1} of "${task.name}" failed]\n${errors}`);
  });
});
