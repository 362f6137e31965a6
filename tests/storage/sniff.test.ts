import { describe, expect, it } from 'vitest';
import { AUDIO_KINDS, FILE_KINDS, hasActiveContent, IMAGE_KINDS, LYRICS_KINDS, sniffFile } from '../../src/server/adapters/storage/sniff';
import { checkZip } from '../../src/server/adapters/storage/sniff-zip';
import { cfb, deflated, docx, isoMedia, jpeg, mp3Frames, mp3WithId3, pages, pdf, png, stored, wav, webp, zip } from './sniff-fixtures';

describe('sniffFile accepts each kind by its bytes', () => {
  it.each([
    ['mp3 (frame sync)', mp3Frames(), 'x.mp3', 'mp3', 'audio/mpeg'],
    ['mp3 (ID3 tag)', mp3WithId3(200), 'x.mp3', 'mp3', 'audio/mpeg'],
    ['mp3 (ID3 tag longer than the sample, e.g. cover art)', mp3WithId3(100_000), 'x.mp3', 'mp3', 'audio/mpeg'],
    ['wav', wav(), 'x.wav', 'wav', 'audio/wav'],
    ['m4a (M4A brand)', isoMedia('M4A'), 'x.m4a', 'm4a', 'audio/mp4'],
    ['m4a (generic isom brand, named .m4a)', isoMedia('isom'), 'x.m4a', 'm4a', 'audio/mp4'],
    ['jpeg', jpeg(), 'x.jpg', 'jpeg', 'image/jpeg'],
    ['png', png(), 'x.png', 'png', 'image/png'],
    ['webp', webp(), 'x.webp', 'webp', 'image/webp'],
    ['pdf', pdf(), 'x.pdf', 'pdf', 'application/pdf'],
    ['doc', cfb(), 'x.doc', 'doc', 'application/msword'],
    ['docx', docx(), 'x.docx', 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    [
      'docx whose word/ entries lie past the first 4100 bytes',
      docx(6000),
      'x.docx',
      'docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    ['pages (a zip named .pages)', pages(), 'Lyrics.PAGES', 'pages', 'application/vnd.apple.pages'],
    ['txt (UTF-8)', Buffer.from('Verse 1\nWhiskey on the porch, café lights\n'), 'x.txt', 'txt', 'text/plain; charset=utf-8'],
    [
      'txt (UTF-8 with BOM)',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Chorus')]),
      'x.txt',
      'txt',
      'text/plain; charset=utf-8',
    ],
  ])('%s', async (_label, bytes, name, kind, mime) => {
    expect(await sniffFile(bytes, FILE_KINDS, name)).toMatchObject({ ok: true, kind, mime });
  });

  it('judges the bytes, not the name', async () => {
    expect(await sniffFile(wav(), AUDIO_KINDS, 'song.mp3')).toMatchObject({ ok: true, kind: 'wav', ext: 'wav' });
    expect(await sniffFile(jpeg(), IMAGE_KINDS, 'cover.png')).toMatchObject({ ok: true, kind: 'jpeg', ext: 'jpg' });
  });
});

describe('sniffFile refuses', () => {
  it('an empty file', async () => {
    expect(await sniffFile(Buffer.alloc(0), FILE_KINDS)).toEqual({ ok: false, reason: 'empty' });
  });

  it('a known kind outside the allowed list', async () => {
    expect(await sniffFile(png(), AUDIO_KINDS, 'song.mp3')).toEqual({ ok: false, reason: 'not-allowed', detectedMime: 'image/png' });
    expect(await sniffFile(mp3Frames(), LYRICS_KINDS, 'lyrics.txt')).toEqual({
      ok: false,
      reason: 'not-allowed',
      detectedMime: 'audio/mpeg',
    });
  });

  it('other formats dressed up with an allowed name', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);
    expect(await sniffFile(exe, AUDIO_KINDS, 'song.mp3')).toMatchObject({ ok: false, reason: 'not-allowed' });
    expect(await sniffFile(Buffer.from('just some words'), AUDIO_KINDS, 'song.mp3')).toEqual({ ok: false, reason: 'unrecognised' });
    expect(await sniffFile(Buffer.from('<html><script>alert(1)</script></html>'), IMAGE_KINDS, 'x.png')).toMatchObject({ ok: false });
  });

  it('a zip unless it is named .pages, and a generic MP4 unless named .m4a', async () => {
    expect(await sniffFile(pages(), LYRICS_KINDS, 'lyrics.zip')).toEqual({
      ok: false,
      reason: 'not-allowed',
      detectedMime: 'application/zip',
    });
    expect(await sniffFile(zip({ 'a.txt': 'a' }), LYRICS_KINDS, 'lyrics.docx')).toMatchObject({ ok: false, reason: 'not-allowed' });
    expect(await sniffFile(isoMedia('isom'), AUDIO_KINDS, 'song.mp4')).toEqual({
      ok: false,
      reason: 'not-allowed',
      detectedMime: 'video/mp4',
    });
  });

  it('text with NUL bytes or invalid UTF-8', async () => {
    expect(await sniffFile(Buffer.from('ly\u0000rics'), LYRICS_KINDS, 'x.txt')).toEqual({ ok: false, reason: 'unrecognised' });
    expect(await sniffFile(Buffer.from([0x4c, 0xc3, 0x28, 0x41]), LYRICS_KINDS, 'x.txt')).toEqual({ ok: false, reason: 'unrecognised' });
    // UTF-16 (old Notepad "Unicode") is full of NULs.
    expect(await sniffFile(Buffer.from('\ufeffVerse', 'utf16le'), LYRICS_KINDS, 'x.txt')).toMatchObject({ ok: false });
  });
});

describe('markup hidden in an allowed file', () => {
  it.each([
    '<!DOCTYPE html><p>hi',
    '<HTML><BODY>',
    '<script src=//evil.test/x.js></script>',
    '<svg version="1.1" xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
    '<iframe src="https://evil.test">',
    '<a href="JavaScript:alert(1)">',
  ])('finds %j', (markup) => {
    expect(hasActiveContent(Buffer.concat([png(), Buffer.from(markup)]))).toBe(true);
  });

  it('leaves lyrics with angle brackets and image metadata alone', () => {
    expect(hasActiveContent(Buffer.from('Verse <3\n<chorus> x2\nbody and soul, heads or tails'))).toBe(false);
    expect(hasActiveContent(Buffer.from('<?xpacket begin=""?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>'))).toBe(false);
  });

  it('refuses a PNG, an MP3 or a text file carrying it', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect(await sniffFile(Buffer.concat([png(), html]), IMAGE_KINDS, 'x.png')).toMatchObject({ ok: false, reason: 'active-content' });
    expect(await sniffFile(Buffer.concat([mp3WithId3(10), html]), AUDIO_KINDS, 'x.mp3')).toMatchObject({
      ok: false,
      reason: 'active-content',
    });
    expect(await sniffFile(html, LYRICS_KINDS, 'x.txt')).toMatchObject({ ok: false, reason: 'active-content' });
  });
});

describe('checkZip', () => {
  const limits = { maxEntries: 10, maxUnpackedBytes: 10_000 };

  it('takes stored and deflated parts that unpack to what they declare', async () => {
    expect(await checkZip(docx(), limits)).toBe('ok');
    expect(await checkZip(zip({ 'a.xml': deflated('<a/>'.repeat(500)), 'b.txt': 'b' }), limits)).toBe('ok');
  });

  it('refuses more parts, or more declared bytes, than the limits', async () => {
    expect(await checkZip(zip(Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`${i}.txt`, 'x']))), limits)).toBe('too-large');
    expect(await checkZip(zip({ 'a.bin': deflated(Buffer.alloc(10_001)) }), limits)).toBe('too-large');
  });

  it('refuses a part that unpacks past what it declares, stopping there', async () => {
    expect(await checkZip(zip({ 'a.bin': deflated(Buffer.alloc(9_000), 100) }), limits)).toBe('too-large');
  });

  it('refuses damaged archives', async () => {
    const whole = docx();
    expect(await checkZip(whole.subarray(0, whole.length - 30), limits)).toBe('malformed');
    expect(await checkZip(zip({ 'a.txt': { ...stored('abc'), size: 5 } }), limits)).toBe('malformed');
    expect(await checkZip(zip({ 'a.bin': { ...deflated('abc'), data: Buffer.from('not deflate at all') } }), limits)).toBe('malformed');
    expect(await checkZip(zip({ 'a.bin': { ...stored('abc'), method: 9 } }), limits)).toBe('malformed');
  });
});
