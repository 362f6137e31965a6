import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';
import { SLOW_TESTS } from './tests/slow-tier.ts';

/** The slow tier (tests/slow-tier.ts), with the unit and API suite's settings. */
export default defineConfig({ ...base, test: { ...base.test, include: SLOW_TESTS, exclude: ['node_modules/**'] } });
