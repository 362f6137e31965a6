import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runAnalyses } from '../setup/analysis';
import * as MESSAGES from '../../src/common/messages';
import { SONG_IMPORT_TEMPLATE } from '../../src/common/schemas/song-import';
import { formatWritersCell, parseWritersCell } from '../../src/common/schemas/writers-cell';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { makePreviewUser, makeUser } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import { auditEvents, songResponses, songs, songWriters } from '../../src/server/db/schema';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

const m = MESSAGES.songImport;
let t: TestApp;
let admin: TestClient;
let preview: TestClient;
let adminId: string;
let previewId: string;

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await makeUser(t.db, { roles: ['admin'] });
  const previewUser = await makePreviewUser(t.db);
  adminId = adminUser.id;
  previewId = previewUser.id;
  [admin, preview] = await Promise.all([signedInClient(t, adminUser), signedInClient(t, previewUser)]);
}, 60_000);
afterAll(() => t.close());

/** An MP3 uploaded as the import page uploads each one: the song form's own upload route. */
async function uploadMp3(name: string): Promise<string> {
  const f = new FormData();
  f.set('data', '{}');
  f.set('audio', new Blob([new Uint8Array(synthesizeMp3({ seconds: 1 }))]), name);
  const res = await admin.sendForm('POST', '/api/admin/song-audio', f);
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

const HEADER = ['title', 'writers', 'genre', 'bpm', 'key', 'tags', 'lyrics', 'description', 'audio_file'];
const row = (title: string, writers: string, audio: string, extra: Partial<Record<'genre' | 'bpm' | 'key' | 'tags', string>> = {}) => [
  title,
  writers,
  extra.genre ?? 'Country',
  extra.bpm ?? '92',
  extra.key ?? 'G major',
  extra.tags ?? 'road trip; heartbreak',
  `Lyrics of ${title}`,
  `About ${title}`,
  audio,
];
const csvOf = (rows: string[][]) => stringify([HEADER, ...rows]);
const songCount = async () => (await t.db.select({ n: count() }).from(songs))[0]!.n;

describe('importing songs from a CSV and MP3s', () => {
  test('a CSV with a bad row imports nothing and names the row and its problem; fixed, it imports every row', async () => {
    const ids = [await uploadMp3('gravel-road.mp3'), await uploadMp3('neon-harbour.mp3'), await uploadMp3('quiet-hours.mp3')];
    const good1 = row(
      'Gravel Road Goodbye',
      'Jo Whitfield (BMI, IPI 00123456789, Big Tree Music) 50%; Casey Rivers 50%',
      'gravel-road.mp3',
    );
    const good3 = row('Quiet Hours', 'Sam Ortiz (PRS) 100%', 'quiet-hours.mp3', { key: 'f# minor', bpm: '', tags: '' });
    const bad = csvOf([
      good1,
      row('Neon Harbour', 'Jo Whitfield (BMI) 50%; Casey Rivers 49%', 'neon-harbour.mp3', { key: 'H major' }),
      good3,
      row('Lost Tape', 'Jo Whitfield 100%', 'lost-tape.mp3'),
    ]);
    const before = await songCount();

    const preview = await admin.post('/api/admin/song-import/preview', { csv: bad, audioUploadIds: ids });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.valid).toBe(false);
    expect(preview.body.rows.map((r: { row: number; errors: string[] }) => [r.row, r.errors])).toEqual([
      [2, []],
      [3, [m.rowError(3, m.unknownKey('H major')), m.rowError(3, MESSAGES.songs.writerSharesTotal('99'))]],
      [4, []],
      [5, [m.rowError(5, m.noAudioNamed('lost-tape.mp3'))]],
    ]);
    expect(preview.body.rows[2]).toMatchObject({ musicalKey: 'F# minor', bpm: null, writers: [{ name: 'Sam Ortiz', share: 100 }] });
    expect(await songCount()).toBe(before);

    const refused = await admin.post('/api/admin/song-import', { csv: bad, audioUploadIds: ids });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('Row 3: “H major” is not a key we know: use one like “C major” or “F# minor”');
    expect(refused.body.error.fields.csv).toContain('Row 3: Writer shares must add up to 100% (now 99%)');
    expect(refused.body.error.fields.csv).toContain('Row 5: no uploaded file named lost-tape.mp3');
    expect(await songCount()).toBe(before);

    const fixed = csvOf([
      good1,
      row('Neon Harbour', 'Jo Whitfield (BMI) 50%; Casey Rivers 50%', 'neon-harbour.mp3', { key: 'A minor', bpm: '118' }),
      good3,
    ]);
    const checked = await admin.post('/api/admin/song-import/preview', { csv: fixed, audioUploadIds: ids });
    expect(checked.body.valid).toBe(true);
    const imported = await admin.post('/api/admin/song-import', { csv: fixed, audioUploadIds: ids });
    expect(imported.status, imported.text).toBe(201);
    expect(imported.body.imported.map((s: { slug: string }) => s.slug)).toEqual(['gravel-road-goodbye', 'neon-harbour', 'quiet-hours']);
    expect(await songCount()).toBe(before + 3);

    // The uploads' waveforms and lengths come from their analysis, which runs after the upload.
    await runAnalyses(t);
    const stored = await t.db
      .select()
      .from(songs)
      .where(inArray(songs.slug, ['gravel-road-goodbye', 'neon-harbour', 'quiet-hours']))
      .orderBy(asc(songs.orderIndex));
    expect(stored.map((s) => [s.title, s.bpm, s.musicalKey, s.genre, s.tags, s.isActive, s.audioFileId])).toEqual([
      ['Gravel Road Goodbye', 92, 'G major', 'Country', ['road trip', 'heartbreak'], false, ids[0]],
      ['Neon Harbour', 118, 'A minor', 'Country', ['road trip', 'heartbreak'], false, ids[1]],
      ['Quiet Hours', null, 'F# minor', 'Country', [], false, ids[2]],
    ]);
    expect(stored.every((s) => s.audioPeaks && s.audioPeaks.length > 0 && s.audioDurationSeconds! > 0)).toBe(true);
    const writers = await t.db
      .select({
        name: songWriters.name,
        pro: songWriters.pro,
        ipi: songWriters.ipi,
        publisher: songWriters.publisher,
        share: songWriters.share,
      })
      .from(songWriters)
      .where(eq(songWriters.songId, stored[0]!.id))
      .orderBy(asc(songWriters.position));
    expect(writers).toEqual([
      { name: 'Jo Whitfield', pro: 'BMI', ipi: '00123456789', publisher: 'Big Tree Music', share: 50 },
      { name: 'Casey Rivers', pro: 'None', ipi: null, publisher: null, share: 50 },
    ]);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(
        inArray(
          auditEvents.subjectId,
          stored.map((s) => s.id),
        ),
      );
    expect(audit.map((a) => [a.actorUserId, a.action, a.summary]).sort()).toEqual(
      [
        [adminId, 'song.create', 'Imported the song “Gravel Road Goodbye” from a CSV'],
        [adminId, 'song.create', 'Imported the song “Neon Harbour” from a CSV'],
        [adminId, 'song.create', 'Imported the song “Quiet Hours” from a CSV'],
      ].sort(),
    );

    // The same file again: the addresses are taken and the uploads are the songs' now.
    const again = await admin.post('/api/admin/song-import/preview', { csv: fixed, audioUploadIds: ids });
    expect(again.body.rows[0].errors).toEqual([
      m.rowError(2, m.noAudioNamed('gravel-road.mp3')),
      m.rowError(2, m.slugTaken('gravel-road-goodbye')),
    ]);
  });

  test('two rows naming one MP3 or one title, an unreadable writer and a missing column are each refused by name', async () => {
    const id = await uploadMp3('twice.mp3');
    const res = await admin.post('/api/admin/song-import/preview', {
      csv: csvOf([row('Twice', 'Jo Whitfield 100%', 'twice.mp3'), row('Twice', 'Jo Whitfield, fifty percent', 'twice.mp3')]),
      audioUploadIds: [id],
    });
    expect(res.body.rows[0].errors).toEqual([m.rowError(2, m.audioNamedTwice('twice.mp3')), m.rowError(2, m.slugTwice('twice'))]);
    expect(res.body.rows[1].errors).toContain(m.rowError(3, m.writerUnreadable('Jo Whitfield, fifty percent')));
    const noColumn = await admin.post('/api/admin/song-import/preview', { csv: 'title,genre\nA,B\n', audioUploadIds: [] });
    expect(noColumn.body).toMatchObject({
      valid: false,
      fileErrors: [m.missingColumns('title, writers, lyrics, description, audio_file')],
    });
  });

  test('only an admin may import', async () => {
    const res = await preview.post('/api/admin/song-import', { csv: SONG_IMPORT_TEMPLATE, audioUploadIds: [] });
    expect(res.status).toBe(403);
  });

  test('the template reads as the page documents it, and a writers cell written from stored writers reads back the same', () => {
    const [header, ...rows] = parse(SONG_IMPORT_TEMPLATE) as string[][];
    expect(header).toEqual(HEADER);
    expect(rows).toHaveLength(2);
    const writers = [
      { name: 'Jo Whitfield', pro: 'BMI' as const, ipi: '00123456789', publisher: 'Big Tree Music', share: 33.34 },
      { name: 'Casey Rivers', pro: 'None' as const, share: 66.66 },
    ];
    expect(parseWritersCell(formatWritersCell(writers))).toEqual({ writers });
  });

  test('names and publishers holding brackets, commas, semicolons or quotes are quoted in the cell and read back the same', () => {
    const writers = [
      { name: 'Ana (Nani) Silva', pro: 'SOCAN' as const, publisher: 'Sony Music Publishing (US)', share: 25 },
      { name: 'Jo "JJ" Whitfield', pro: 'BMI' as const, ipi: '00123456789', publisher: 'Songs; Stories', share: 25 },
      { name: 'Casey Rivers', pro: 'ASCAP' as const, publisher: 'Maple Road, BMI Division', share: 25 },
      { name: 'Rivers, Casey', pro: 'None' as const, publisher: 'A "B" C', share: 25 },
    ];
    const cell = formatWritersCell(writers);
    expect(cell).toContain('"Sony Music Publishing (US)"');
    expect(cell).toContain('"Jo ""JJ"" Whitfield"');
    expect(parseWritersCell(cell)).toEqual({ writers });
    // Through the export's CSV quoting as well, as a spreadsheet hands it back.
    const [row] = parse(stringify([[cell]])) as string[][];
    expect(parseWritersCell(row![0]!)).toEqual({ writers });
    // A publisher that looks like a society or an IPI number is quoted too, and stays a publisher.
    const lookalikes = [
      { name: 'Jo', pro: 'ASCAP' as const, publisher: 'BMI', share: 40 },
      { name: 'None', pro: 'None' as const, publisher: 'ascap', share: 30 },
      { name: 'Casey', pro: 'BMI' as const, publisher: 'IPI 12345', share: 30 },
    ];
    expect(parseWritersCell(formatWritersCell(lookalikes))).toEqual({ writers: lookalikes });
  });

  test('cells typed by hand read as they always did: quotes inside names, brackets before the details, a comma publisher', () => {
    const read = (cell: string) => parseWritersCell(cell);
    expect(read('Jo 5" Whitfield (BMI) 50%; Casey Rivers 50%')).toEqual({
      writers: [
        { name: 'Jo 5" Whitfield', pro: 'BMI', share: 50 },
        { name: 'Casey Rivers', pro: 'None', share: 50 },
      ],
    });
    expect(read('"Big" Jim Smith (BMI) 100%')).toEqual({ writers: [{ name: '"Big" Jim Smith', pro: 'BMI', share: 100 }] });
    expect(read('Jo (BMI, 12" Records) 50%; Casey 50%')).toEqual({
      writers: [
        { name: 'Jo', pro: 'BMI', publisher: '12" Records', share: 50 },
        { name: 'Casey', pro: 'None', share: 50 },
      ],
    });
    expect(read('Ana (Nani) Silva (SOCAN) 100%')).toEqual({ writers: [{ name: 'Ana (Nani) Silva', pro: 'SOCAN', share: 100 }] });
    expect(read('Jo Whitfield (BMI, Big Tree Music, LLC) 33.34%;')).toEqual({
      writers: [{ name: 'Jo Whitfield', pro: 'BMI', publisher: 'Big Tree Music, LLC', share: 33.34 }],
    });
    // A quote never closed is an ordinary character; a writer without a share is not read.
    expect(read('"Jo (BMI) 100%')).toEqual({ writers: [{ name: '"Jo', pro: 'BMI', share: 100 }] });
    expect(read('Jo Whitfield (BMI)')).toEqual({ unreadable: 'Jo Whitfield (BMI)' });
  });
});

describe('CSV exports', () => {
  test('the catalogue CSV parses back with every song, and cells a spreadsheet would run as formulas start with an apostrophe', async () => {
    const titles = ['=HYPERLINK("http://evil.example","click")', '+1', '-2', '@x'];
    for (const title of titles) await makeSong(t.db, t.storage, adminId, { title, seconds: 1 });
    const res = await admin.get('/api/admin/song-export');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="catalogue-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = parse(res.text, { bom: true }) as string[][];
    expect(header).toEqual([
      ...HEADER,
      'slug',
      'published',
      'one_stop',
      'added_at',
      'first_chorus_seconds',
      'intro_seconds',
      'integrated_lufs',
      'true_peak_dbtp',
      'loudness_range_lu',
      'sections',
    ]);
    expect(rows).toHaveLength(await songCount());
    const exported = rows.map((r) => r[0]);
    expect(exported).toEqual(expect.arrayContaining(['\'=HYPERLINK("http://evil.example","click")', "'+1", "'-2", "'@x"]));
    const gravel = rows.find((r) => r[0] === 'Gravel Road Goodbye')!;
    expect(gravel).toEqual([
      'Gravel Road Goodbye',
      'Jo Whitfield (BMI, IPI 00123456789, Big Tree Music) 50%; Casey Rivers 50%',
      'Country',
      '92',
      'G major',
      'road trip; heartbreak',
      'Lyrics of Gravel Road Goodbye',
      'About Gravel Road Goodbye',
      'gravel-road.mp3',
      'gravel-road-goodbye',
      'no',
      'no',
      expect.stringMatching(/^\d{4}-/),
      // Too short for sections, so no chorus, intro or sections; its loudness measured (a negative figure behind the
      // apostrophe that keeps a spreadsheet from reading it as a formula).
      '',
      '',
      expect.stringMatching(/^'-\d+(\.\d)?$/),
      expect.stringMatching(/^'?-?\d+(\.\d)?$/),
      // Too short for a loudness range.
      '',
      '',
    ]);
    expect((await preview.get('/api/admin/song-export')).status).toBe(403);
  });

  test('the pitch activity CSV lists each hold and pass with its listener, newest first, formulas made safe', async () => {
    const song = await makeSong(t.db, t.storage, adminId, { title: 'Held Song', seconds: 1 });
    await t.db.insert(songResponses).values({ songId: song.id, userId: previewId, response: 'hold', note: '=cmd|calc' });
    const res = await admin.get('/api/admin/pitch-activity-export');
    expect(res.status).toBe(200);
    const [header, ...rows] = parse(res.text, { bom: true }) as string[][];
    expect(header).toEqual([
      'at',
      'event',
      'song',
      'listener_kind',
      'listener_name',
      'listener_email',
      'company',
      'note',
      'listened_seconds',
      'furthest_seconds',
      'completed',
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.slice(1, 4)).toEqual(['hold', 'Held Song', 'preview user']);
    expect(rows[0]![7]).toBe("'=cmd|calc");
  });
});
