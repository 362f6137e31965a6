import { beforeEach } from 'vitest';

/** A short suffix no earlier run or test has used, for what a journey makes on the shared server. */
export const uniqueSuffix = (): string => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** The uniqueSuffix of the test running now, new for each test (registers the beforeEach every file repeated). */
export function uniqueSuffixPerTest(): () => string {
  let suffix = '';
  beforeEach(() => {
    suffix = uniqueSuffix();
  });
  return () => suffix;
}
