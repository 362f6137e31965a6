import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Download, Upload } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import * as MESSAGES from '../../../../common/messages';
import type { SongImportPreview } from '../../../../common/responses';
import { PAGE_PATHS } from '../../../../common/routes';
import { SONG_IMPORT_TEMPLATE } from '../../../../common/schemas/song-import';
import { ErrorState } from '../../../components/error-state';
import { PageMeta } from '../../../components/page-meta';
import { TableScroll } from '../../../components/table-scroll';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Progress } from '../../../components/ui/progress';
import { PageSpinner } from '../../../components/ui/spinner';
import { api, isApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { ADMIN_SONGS_KEY, invalidateSongs, uploadSongAudio } from './admin-songs-api';

const m = MESSAGES.songImport;

/** One chosen MP3 on its way up: its progress, then the stored upload's id, or what went wrong. */
interface Mp3 {
  name: string;
  progress: number;
  uploadId?: string;
  error?: string;
}

const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(SONG_IMPORT_TEMPLATE)}`;

/**
 * The import's files and its two calls: MP3s uploaded one by one as they are chosen, the CSV checked (saving
 * nothing) once they are all up, and the import itself.
 */
function useSongImport() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null);
  const [mp3s, setMp3s] = useState<Mp3[]>([]);

  const uploading = mp3s.some((f) => !f.uploadId && !f.error);
  const audioUploadIds = mp3s.flatMap((f) => (f.uploadId ? [f.uploadId] : []));
  const preview = useQuery({
    queryKey: [...ADMIN_SONGS_KEY, 'import-preview', csv?.text, audioUploadIds],
    queryFn: ({ signal }) =>
      api<SongImportPreview>('/api/admin/song-import/preview', { method: 'POST', body: { csv: csv!.text, audioUploadIds }, signal }),
    enabled: csv !== null && !uploading,
    refetchOnWindowFocus: false,
    retry: false,
  });

  const importSongs = useMutation({
    mutationFn: () =>
      api<{ imported: { id: string }[] }>('/api/admin/song-import', { method: 'POST', body: { csv: csv!.text, audioUploadIds } }),
    onSuccess: async (result) => {
      toast.success(m.imported(result.imported.length));
      await invalidateSongs(queryClient);
      void navigate(PAGE_PATHS.adminSongs);
    },
    onError: (error) => {
      toast.error(isApiError(error) ? error.message : m.notValid);
      void preview.refetch();
    },
  });

  const chooseCsv = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setCsv(file ? { name: file.name, text: await file.text() } : null);
  };

  const chooseMp3s = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const set = (name: string, change: Partial<Mp3>) => setMp3s((all) => all.map((f) => (f.name === name ? { ...f, ...change } : f)));
    // A file chosen again under the same name replaces the earlier one.
    setMp3s((all) => [...all.filter((f) => !files.some((n) => n.name === f.name)), ...files.map((f) => ({ name: f.name, progress: 0 }))]);
    // One at a time: each is decoded on the server, and a large batch would crowd it.
    for (const file of files) {
      try {
        const uploaded = await uploadSongAudio(file, { onProgress: (fraction) => set(file.name, { progress: fraction * 100 }) });
        set(file.name, { uploadId: uploaded.id, progress: 100 });
      } catch (error) {
        set(file.name, { error: isApiError(error) ? error.message : MESSAGES.generic.unexpected });
      }
    }
  };

  return { csv, mp3s, uploading, preview, importSongs, chooseCsv, chooseMp3s };
}

/**
 * /admin/songs/import: a CSV of songs and their MP3s. The MP3s go up as soon as they are chosen (the song form's
 * own upload, with progress); the CSV is then checked row by row on the server, saving nothing, and the songs are
 * imported, all or none, only once every row is right.
 */
export function SongImportPage() {
  const csvId = useId();
  const mp3Id = useId();
  const { csv, mp3s, uploading, preview, importSongs, chooseCsv, chooseMp3s } = useSongImport();

  const result = preview.data;
  const rowCount = result?.rows.length ?? 0;
  const problems = result ? [...result.fileErrors, ...result.rows.flatMap((r) => r.errors)] : [];
  const canImport = Boolean(result?.valid) && !uploading && !preview.isFetching && !importSongs.isPending;

  return (
    <div>
      <PageMeta title="Import Songs" description="Add many songs at once from a CSV file and their MP3s." />
      <p className="text-sm">
        <Link to={PAGE_PATHS.adminSongs} className="text-muted-foreground underline underline-offset-4 hover:text-foreground">
          ← Manage Songs
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">Import Songs</h1>
      <p className="mt-1 max-w-prose text-muted-foreground">
        Choose a CSV with one song per row and the MP3s it names. We check every row before anything is saved; imported songs stay
        unpublished until you publish each one.
      </p>

      <CsvFormatHelp />

      <div className="mt-6 grid max-w-3xl gap-4 sm:grid-cols-2">
        <div className="rounded-xl border border-border bg-card p-4">
          <label htmlFor={mp3Id} className="font-semibold">
            MP3 files
          </label>
          <input
            id={mp3Id}
            type="file"
            multiple
            accept=".mp3,audio/mpeg"
            onChange={(e) => void chooseMp3s(e)}
            className="mt-2 block w-full text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-muted file:px-3 file:py-1.5"
          />
          <Mp3List mp3s={mp3s} />
        </div>
        <div className="rounded-xl border border-border bg-card p-4">
          <label htmlFor={csvId} className="font-semibold">
            CSV file
          </label>
          <input
            id={csvId}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => void chooseCsv(e)}
            className="mt-2 block w-full text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-muted file:px-3 file:py-1.5"
          />
          {csv && <p className="mt-2 text-sm text-muted-foreground">Chosen: {csv.name}</p>}
        </div>
      </div>

      <section aria-labelledby="import-preview" aria-busy={preview.isFetching} className="mt-8">
        <h2 id="import-preview" className="text-xl font-semibold">
          Preview
        </h2>
        {!csv ? (
          <p className="mt-2 text-muted-foreground">Choose a CSV to see its songs here before anything is saved.</p>
        ) : uploading ? (
          <p className="mt-2 text-muted-foreground">Waiting for the MP3s to finish uploading…</p>
        ) : preview.isPending ? (
          <PageSpinner label="Checking the CSV…" />
        ) : preview.isError ? (
          <ErrorState title="We couldn’t check that CSV" error={preview.error} onRetry={() => void preview.refetch()} />
        ) : (
          result && (
            <>
              <PreviewVerdict problems={problems} />
              {rowCount > 0 && <PreviewTable rows={result.rows} />}
              <div className="mt-4 flex flex-wrap items-center gap-3">
                <Button disabled={!canImport} onClick={() => importSongs.mutate()}>
                  <Upload aria-hidden="true" />
                  {importSongs.isPending ? 'Importing…' : `Import ${rowCount} ${rowCount === 1 ? 'song' : 'songs'}`}
                </Button>
                {!result.valid && <span className="text-sm text-muted-foreground">Fix the CSV and choose it again to import.</span>}
              </div>
            </>
          )
        )}
      </section>
    </div>
  );
}

function PreviewTable({ rows }: { rows: SongImportPreview['rows'] }) {
  return (
    <TableScroll label="Songs in the CSV" className="mt-4 rounded-xl border border-border">
      <table className="w-full text-left text-sm">
        <thead className="bg-muted">
          <tr>
            <th scope="col" className="px-3 py-2">
              Row
            </th>
            <th scope="col" className="px-3 py-2">
              Title
            </th>
            <th scope="col" className="px-3 py-2">
              Writers
            </th>
            <th scope="col" className="px-3 py-2">
              Key
            </th>
            <th scope="col" className="px-3 py-2">
              BPM
            </th>
            <th scope="col" className="px-3 py-2">
              Audio
            </th>
            <th scope="col" className="px-3 py-2">
              Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((r) => (
            <tr key={r.row} className={r.errors.length > 0 ? 'bg-danger-soft' : undefined}>
              <td className="px-3 py-2 tabular-nums">{r.row}</td>
              <td className="px-3 py-2 font-medium">{r.title || '—'}</td>
              <td className="px-3 py-2">{r.writers.map((w) => `${w.name} ${w.share}%`).join(', ') || '—'}</td>
              <td className="whitespace-nowrap px-3 py-2">{r.musicalKey ?? '—'}</td>
              <td className="px-3 py-2 tabular-nums">{r.bpm ?? '—'}</td>
              <td className="px-3 py-2">{r.audioFile || '—'}</td>
              <td className="px-3 py-2">
                {r.errors.length === 0 ? (
                  <span className="text-success-text">Ready</span>
                ) : (
                  <ul className="space-y-1 text-danger-text">
                    {r.errors.map((e) => (
                      <li key={e}>{e}</li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** How to write the import's CSV, and its template. */
function CsvFormatHelp() {
  return (
    <section aria-labelledby="import-format" className="mt-6 max-w-prose rounded-xl border border-border bg-card p-4 text-sm">
      <h2 id="import-format" className="font-semibold">
        How to write the CSV
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          Columns: <code>title</code>, <code>writers</code>, <code>genre</code>, <code>bpm</code>, <code>key</code>, <code>tags</code>,{' '}
          <code>lyrics</code>, <code>description</code>, <code>audio_file</code>.
        </li>
        <li>
          <code>writers</code>: each writer as <code>Name (PRO, IPI 00123456789, Publisher) 50%</code>, separated by semicolons, for example{' '}
          <code>Jo Whitfield (BMI, IPI 00123456789) 50%; Casey Rivers 50%</code>. The brackets are optional; the shares must add up to 100%.
          A name or publisher holding brackets, a comma, a semicolon or a quote goes in double quotes, as in{' '}
          <code>(ASCAP, &quot;Sony Music Publishing (US)&quot;)</code>; the catalogue export writes them so.
        </li>
        <li>
          <code>key</code>: like <code>C major</code>, <code>F# minor</code> or <code>Bb major</code>. <code>tags</code>: separated by
          semicolons.
        </li>
        <li>
          <code>audio_file</code>: the file name of one of the MP3s you choose below, such as <code>gravel-road-goodbye.mp3</code>.
        </li>
      </ul>
      <Button asChild variant="outline" size="sm" className="mt-3">
        <a href={TEMPLATE_HREF} download="song-import-template.csv">
          <Download aria-hidden="true" />
          Download the template
        </a>
      </Button>
    </section>
  );
}

/** The chosen MP3s, each with its upload's progress or what went wrong. */
function Mp3List({ mp3s }: { mp3s: Mp3[] }) {
  if (mp3s.length === 0) return null;
  return (
    <ul className="mt-3 space-y-2 text-sm" aria-label="Chosen MP3s">
      {mp3s.map((f) => (
        <li key={f.name}>
          <div className="flex items-center justify-between gap-2">
            <span className="truncate">{f.name}</span>
            <span className={f.error ? 'text-danger-text' : 'text-muted-foreground'}>
              {f.error ? 'Failed' : f.uploadId ? 'Uploaded' : `${Math.round(f.progress)}%`}
            </span>
          </div>
          {f.error ? (
            <p className="text-danger-text">{f.error}</p>
          ) : (
            !f.uploadId && <Progress value={f.progress} label={`Uploading ${f.name}`} className="mt-1" />
          )}
        </li>
      ))}
    </ul>
  );
}

/** What the check found: every problem to fix, or that every row is ready. Nothing is saved either way. */
function PreviewVerdict({ problems }: { problems: string[] }) {
  if (problems.length === 0)
    return (
      <Alert variant="success" role="status" className="mt-3">
        <p className="flex items-center gap-2">
          <CircleCheck aria-hidden="true" className="size-4" />
          Every row is ready to import.
        </p>
      </Alert>
    );
  return (
    <Alert variant="destructive" role="alert" className="mt-3">
      <p className="flex items-center gap-2 font-semibold">
        <CircleAlert aria-hidden="true" className="size-4" />
        {problems.length === 1 ? '1 problem to fix' : `${problems.length} problems to fix`}. Nothing has been saved.
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </Alert>
  );
}
