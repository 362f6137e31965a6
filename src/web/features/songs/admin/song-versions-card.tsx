import { useQueryClient } from '@tanstack/react-query';
import { FileArchive, FileAudio, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import * as MESSAGES from '../../../../common/messages';
import type { AdminSong, AdminSongVersion, AdminSongVersionList } from '../../../../common/responses';
import {
  ADDED_VERSION_KINDS,
  SONG_VERSION_LABELS,
  SONG_VERSION_LABEL_MAX,
  versionFileProblem,
  versionFileRule,
  type AddedVersionKind,
} from '../../../../common/song-versions';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FileDropZone } from '../../../components/ui/file-drop-zone';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api';
import { formatFileSize } from '../../../lib/file-size';
import { toast } from '../../../lib/toast';
import { invalidateSongs, removeSongVersion, uploadSongVersion } from './admin-songs-api';

const m = MESSAGES.songVersions;

/**
 * The song's versions beside its main audio (the full demo): a work tape, an instrumental, an a cappella and the
 * stems, each named by the admin and uploaded the moment its file is chosen (a new file replaces the one before).
 * Audio versions are analysed as any upload is; the stems zip is stored as it is.
 */
export function SongVersionsCard({ song }: { song: AdminSong }) {
  const [versions, setVersions] = useState<AdminSongVersionList>(song.versions);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.heading}</CardTitle>
        <CardDescription>
          {m.hint} {m.fullDemoIsMain}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8">
        {ADDED_VERSION_KINDS.map((kind) => (
          <VersionSlot key={kind} songId={song.id} kind={kind} version={versions.find((v) => v.kind === kind)} onChanged={setVersions} />
        ))}
      </CardContent>
    </Card>
  );
}

type Upload = { state: 'none' } | { state: 'uploading'; file: File; fraction: number } | { state: 'failed'; file: File };

function VersionSlot({
  songId,
  kind,
  version,
  onChanged,
}: {
  songId: string;
  kind: AddedVersionKind;
  version: AdminSongVersion | undefined;
  onChanged: (versions: AdminSongVersionList) => void;
}) {
  const queryClient = useQueryClient();
  const [label, setLabel] = useState(version?.label ?? SONG_VERSION_LABELS[kind]);
  const [labelError, setLabelError] = useState<string>();
  const [fileError, setFileError] = useState<string>();
  const [upload, setUpload] = useState<Upload>({ state: 'none' });
  const [said, setSaid] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const rule = versionFileRule(kind);
  const kindLabel = SONG_VERSION_LABELS[kind];

  const choose = async (file: File) => {
    setFileError(undefined);
    setSaid('');
    const name = label.trim();
    if (!name) {
      setLabelError(m.labelRequired);
      setUpload({ state: 'failed', file });
      return;
    }
    setLabelError(undefined);
    const problem = versionFileProblem(kind, file);
    if (problem) {
      setUpload({ state: 'failed', file });
      setFileError(problem);
      return;
    }
    setUpload({ state: 'uploading', file, fraction: 0 });
    try {
      const after = await uploadSongVersion(
        songId,
        { kind, label: name, file },
        {
          onProgress: (fraction) => setUpload({ state: 'uploading', file, fraction }),
        },
      );
      setUpload({ state: 'none' });
      onChanged(after);
      setSaid(m.uploaded(name));
      void invalidateSongs(queryClient);
    } catch (error) {
      setUpload({ state: 'failed', file });
      setFileError((isApiError(error) && (error.fields?.file?.[0] ?? error.fields?.label?.[0] ?? error.message)) || m.uploadFailed);
    }
  };

  return (
    <section aria-labelledby={`version-${kind}`} className="grid gap-3">
      <h3 id={`version-${kind}`} className="font-semibold">
        {kindLabel}
      </h3>
      {version && (
        <CurrentVersion
          songId={songId}
          kind={kind}
          version={version}
          onRemoved={(after) => {
            onChanged(after);
            setSaid(m.removed(version.label));
            void invalidateSongs(queryClient);
          }}
        />
      )}
      <FormField label={`Name of the ${kindLabel.toLowerCase()}`} error={labelError} hint="As listeners see it.">
        <Input value={label} maxLength={SONG_VERSION_LABEL_MAX} onChange={(event) => setLabel(event.target.value)} />
      </FormField>
      <FileDropZone
        label={`${version ? 'Replace the' : 'Upload the'} ${kindLabel.toLowerCase()} (${kind === 'stems' ? 'zip' : 'MP3'})`}
        what={`${kindLabel.toLowerCase()} file`}
        error={fileError}
        hint={
          kind === 'stems'
            ? 'A .zip of the parts, at most 1 GB. It uploads as soon as you choose it.'
            : 'MP3, at most 50 MB. It uploads as soon as you choose it.'
        }
        accept={rule.accept}
        icon={kind === 'stems' ? FileArchive : FileAudio}
        chosen={upload.state === 'none' ? null : { name: upload.file.name, size: upload.file.size }}
        inputRef={input}
        onFile={(file) => void choose(file)}
        onRemove={() => {
          setUpload({ state: 'none' });
          setFileError(undefined);
        }}
        progress={upload.state === 'uploading' ? upload.fraction * 100 : undefined}
        progressLabel={`${kindLabel} upload progress`}
      >
        <p aria-live="polite" className="text-sm text-muted-foreground empty:hidden">
          {said}
        </p>
      </FileDropZone>
    </section>
  );
}

/** The version as it is: its name, file, size and analysis, a player to hear it, and Remove (after asking). */
function CurrentVersion({
  songId,
  kind,
  version,
  onRemoved,
}: {
  songId: string;
  kind: AddedVersionKind;
  version: AdminSongVersion;
  onRemoved: (versions: AdminSongVersionList) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const kindLabel = SONG_VERSION_LABELS[kind];
  const analysing = version.analysis?.state === 'queued' || version.analysis?.state === 'running';

  const remove = async () => {
    setRemoving(true);
    try {
      const after = await removeSongVersion(songId, kind);
      setConfirming(false);
      onRemoved(after);
    } catch (error) {
      toast.error(m.removeFailed, { description: isApiError(error) ? error.message : undefined });
    } finally {
      setRemoving(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md border border-border bg-muted px-3 py-2 text-sm">
      <p className="min-w-0 break-words">
        <span className="font-medium">{version.label}</span>
        <span className="text-muted-foreground">
          {' '}
          · {version.originalName ?? kindLabel} · {formatFileSize(version.sizeBytes)}
          {analysing && ` · ${MESSAGES.audioAnalysis.analysisPending}`}
          {version.analysis?.state === 'failed' && ` · ${version.analysis.reason ?? MESSAGES.audioAnalysis.analysisFailed}`}
        </span>
      </p>
      {version.audioUrl && (
        <audio controls preload="none" src={version.audioUrl} aria-label={`${version.label}: listen`} className="h-9 w-full sm:w-64" />
      )}
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => setConfirming(true)}
        aria-label={`Remove the ${kindLabel.toLowerCase()}`}
      >
        <Trash2 aria-hidden="true" />
        Remove
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Remove the ${kindLabel.toLowerCase()}?`}
        description={`“${version.label}” and its file are removed; listeners no longer hear or download it.`}
        confirmLabel="Remove"
        pending={removing}
        onConfirm={() => void remove()}
        onOpenChange={setConfirming}
      />
    </div>
  );
}
