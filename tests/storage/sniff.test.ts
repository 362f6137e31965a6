import { describe, expect, it } from 'vitest';
import { AUDIO_KINDS, FILE_KINDS, IMAGE_KINDS, LYRICS_KINDS, sniffFile } from '../../src/server/adapters/storage/sniff';
import { cfb, docx, isoMedia, jpeg, mp3Frames, mp3WithId3, pages, pdf, png, wav, webp, zip } from './sniff-fixtures';

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
    ['docx whose word/ entries lie past the first 4100 bytes', docx(6000), 'x.docx', 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['pages (a zip named .pages)', pages(), 'Lyrics.PAGES', 'pages', 'application/vnd.apple.pages'],
    ['txt (UTF-8)', Buffer.from('Verse 1\nWhiskey on the porch, café lights\n'), 'x.txt', 'txt', 'text/plain; charset=utf-8'],
    ['txt (UTF-8 with BOM)', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Chorus')]), 'x.txt', 'txt', 'text/plain; charset=utf-8'],
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
    expect(await sniffFile(mp3Frames(), LYRICS_KINDS, 'lyrics.txt')).toEqual({ ok: false, reason: 'not-allowed', detectedMime: 'audio/mpeg' });
  });

  it('other formats dressed up with an allowed name', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);
    expect(await sniffFile(exe, AUDIO_KINDS, 'song.mp3')).toMatchObject({ ok: false, reason: 'not-allowed' });
    expect(await sniffFile(Buffer.from('just some words'), AUDIO_KINDS, 'song.mp3')).toEqual({ ok: false, reason: 'unrecognised' });
    expect(await sniffFile(Buffer.from('<html><script>alert(1)</script></html>'), IMAGE_KINDS, 'x.png')).toMatchObject({ ok: false });
  });

  it('a zip unless it is named .pages, and a generic MP4 unless named .m4a', async () => {
    expect(await sniffFile(pages(), LYRICS_KINDS, 'lyrics.zip')).toEqual({ ok: false, reason: 'not-allowed', detectedMime: 'application/zip' });
    expect(await sniffFile(zip({ 'a.txt': 'a' }), LYRICS_KINDS, 'lyrics.docx')).toMatchObject({ ok: false, reason: 'not-allowed' });
    expect(await sniffFile(isoMedia('isom'), AUDIO_KINDS, 'song.mp4')).toEqual({ ok: false, reason: 'not-allowed', detectedMime: 'video/mp4' });
  });

  it('text with NUL bytes or invalid UTF-8', async () => {
    expect(await sniffFile(Buffer.from('ly\u0000rics'), LYRICS_KINDS, 'x.txt')).toEqual({ ok: false, reason: 'unrecognised' });
    expect(await sniffFile(Buffer.from([0x4c, 0xc3, 0x28, 0x41]), LYRICS_KINDS, 'x.txt')).toEqual({ ok: false, reason: 'unrecognised' });
    // UTF-16 (old Notepad "Unicode") is full of NULs.
    expect(await sniffFile(Buffer.from('\ufeffVerse', 'utf16le'), LYRICS_KINDS, 'x.txt')).toMatchObject({ ok: false });
  });
});
