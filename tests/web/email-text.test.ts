import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { EmailText } from '../../src/web/components/email-text';

const markup = (email: string) => renderToStaticMarkup(createElement(EmailText, { email }));

test('an e-mail address may wrap before its @ and after each dot, and nowhere else', () => {
  expect(markup('jane.doe@songs.example.com')).toBe(
    '<span class="[overflow-wrap:break-word]">jane.<wbr/>doe<wbr/>@songs.<wbr/>example.<wbr/>com</span>',
  );
  expect(markup('writer@example')).toBe('<span class="[overflow-wrap:break-word]">writer<wbr/>@example</span>');
});
