import { describe, expect, it } from 'vitest';
import { contentDisposition, parseRangeHeader } from '../../src/server/adapters/storage/serve-file';
import { newObjectKey, resolveRange } from '../../src/server/adapters/storage/storage';

describe('newObjectKey', () => {
  it('is <scope>/<uuid>.<lowercase ext> and never repeats', () => {
    const a = newObjectKey('user_AB-1', 'My Song.MP3');
    expect(a).toMatch(/^user_AB-1\/[0-9a-f-]{36}\.mp3$/);
    expect(newObjectKey('user_AB-1', 'My Song.MP3')).not.toBe(a);
  });

  it('drops unsafe scopes and extensions', () => {
    expect(newObjectKey('../../etc', 'x.mp3')).toMatch(/^______etc\/[0-9a-f-]{36}\.mp3$/);
    expect(newObjectKey('', 'noext')).toMatch(/^misc\/[0-9a-f-]{36}$/);
    expect(newObjectKey('u', 'evil.mp3/../../x')).toMatch(/^u\/[0-9a-f-]{36}$/);
    expect(newObjectKey('u', 'a.verylongextension')).toMatch(/^u\/[0-9a-f-]{36}$/);
    expect(newObjectKey('u', null)).toMatch(/^u\/[0-9a-f-]{36}$/);
  });
});

describe('resolveRange', () => {
  it.each([
    [{ start: 0, end: 9 }, 100, { start: 0, end: 9 }],
    [{ start: 90 }, 100, { start: 90, end: 99 }],
    [{ start: 90, end: 500 }, 100, { start: 90, end: 99 }],
    [{ suffix: 10 }, 100, { start: 90, end: 99 }],
    [{ suffix: 500 }, 100, { start: 0, end: 99 }],
    [{ start: 100 }, 100, undefined],
    [{ suffix: 0 }, 100, undefined],
    [{ start: 5, end: 4 }, 100, undefined],
    [{ start: -1 }, 100, undefined],
    [{ start: 0 }, 0, undefined],
  ])('%j of %i bytes is %j', (range, size, expected) => {
    expect(resolveRange(range, size)).toEqual(expected);
  });
});

describe('parseRangeHeader', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100 }],
    ['bytes=-20', { suffix: 20 }],
    ['Bytes = 1 - 2', { start: 1, end: 2 }],
    [undefined, undefined],
    ['bytes=-', undefined],
    ['bytes=9-1', undefined],
    ['bytes=0-1,3-4', undefined],
    ['chars=0-1', undefined],
    ['bytes=99999999999999999999-', undefined],
  ])('%j -> %j', (header, expected) => {
    expect(parseRangeHeader(header)).toEqual(expected);
  });
});

describe('contentDisposition', () => {
  it('makes every file an attachment, audio and images included', () => {
    expect(contentDisposition('take 3.wav')).toBe(`attachment; filename="take 3.wav"; filename*=UTF-8''take%203.wav`);
    expect(contentDisposition()).toBe('attachment');
    expect(contentDisposition('x.svg')).toMatch(/^attachment;/);
  });

  it('keeps header injection and paths out of the name', () => {
    expect(contentDisposition('C:\\Users\\me\\"lyrics"\r\nX-Evil: 1.pdf')).toBe(
      `attachment; filename="lyricsX-Evil_ 1.pdf"; filename*=UTF-8''lyricsX-Evil%3A%201.pdf`,
    );
  });
});
