import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';

/** Every user-facing text of src/common/messages, functions called with stand-in arguments. */
function texts(value: unknown, at: string): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (typeof value === 'function') {
    // Stand-ins a text's arguments take: words, or a list of words.
    const text = value as (...args: unknown[]) => unknown;
    const called = (arg: unknown) => {
      try {
        return texts(text(arg, arg, arg), at);
      } catch {
        return [];
      }
    };
    const all = [...called('X'), ...called(['X'])];
    expect(all.length, `${at} answers no text to either stand-in`).toBeGreaterThan(0);
    return all;
  }
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => texts(inner, `${at}.${key}`));
  return [];
}

test('the product spells a word one way: "email" (never "e-mail") and "FAQs"', () => {
  const all = texts(MESSAGES, 'MESSAGES');
  expect(all.length).toBeGreaterThan(100);
  expect(all.filter(([, text]) => /e-mail/i.test(text))).toEqual([]);
  expect(all.filter(([, text]) => /\bFAQ\b|\bFaqs\b|\bFAQS\b/.test(text))).toEqual([]);
});

test('no page spells "FAQs" another way, in the shared messages or in the pages themselves', () => {
  const root = path.resolve(import.meta.dirname, '../../src');
  const sources = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file));
  expect(sources.length).toBeGreaterThan(100);
  const misspelt = sources.filter((file) => /\bFAQS\b|\bFaqs\b|\bFAQ's\b/.test(readFileSync(path.join(root, file), 'utf8')));
  expect(misspelt).toEqual([]);
});
