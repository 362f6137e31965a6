import { expect, test } from 'vitest';
import { canonicalEmail } from '../../src/common/email-canonical';

test('case and surrounding whitespace are folded', () => {
  expect(canonicalEmail('  Jane.Doe@Example.COM \n')).toBe('jane.doe@example.com');
});

test('a +tag is dropped on any domain', () => {
  expect(canonicalEmail('bob+spam@example.com')).toBe('bob@example.com');
  expect(canonicalEmail('bob+a+b@example.com')).toBe('bob@example.com');
  expect(canonicalEmail('Bob+@Example.com')).toBe('bob@example.com');
});

test('dots count outside Gmail', () => {
  expect(canonicalEmail('b.o.b@example.com')).toBe('b.o.b@example.com');
});

test('Gmail ignores dots, and googlemail.com is gmail.com', () => {
  expect(canonicalEmail('J.A.N.E.doe+abc@GMAIL.com')).toBe('janedoe@gmail.com');
  expect(canonicalEmail('jane.doe@googlemail.com')).toBe('janedoe@gmail.com');
  expect(canonicalEmail('janedoe@gmail.com')).toBe('janedoe@gmail.com');
});

test('a local part that starts with + keeps it (nothing would be left)', () => {
  expect(canonicalEmail('+x@example.com')).toBe('+x@example.com');
});

test('something that is not an address is only folded', () => {
  expect(canonicalEmail(' No-At-Sign ')).toBe('no-at-sign');
  expect(canonicalEmail('@example.com')).toBe('@example.com');
});
