import { FileUp, RefreshCw, Trash2, type LucideIcon } from 'lucide-react';
import { useId, useState, type DragEvent, type ReactNode, type RefObject } from 'react';
import { cn } from '../../lib/cn';
import { formatFileSize } from '../../lib/file-size';
import { Button } from './button';
import { Label } from './label';
import { Progress } from './progress';

export interface ChosenFile {
  name: string;
  size: number;
}

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * A file field drawn as a drop zone: a file dropped on it, or chosen with a click anywhere in it or from the
 * keyboard, goes to `onFile`. The control itself is the native file input (visually hidden, its focus drawn on
 * the zone), so its label, keyboard use and screen-reader announcement are the browser's own. Once a file is
 * chosen the zone names it with its size and offers Replace and Remove; `progress` (0..100) shows an upload.
 */
export function FileDropZone({
  label,
  what,
  required,
  hint,
  error,
  accept,
  chosen,
  icon: Icon,
  inputRef,
  onFile,
  onRemove,
  progress,
  progressLabel,
  progressText = (percent) => (percent < 100 ? `Uploading… ${percent}%` : 'Uploaded 100%'),
  children,
}: {
  label: ReactNode;
  /** The file's name in a sentence ("cover image"), for the buttons' screen-reader text. */
  what: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  accept: string;
  chosen: ChosenFile | null;
  icon: LucideIcon;
  inputRef: RefObject<HTMLInputElement | null>;
  onFile: (file: File) => void;
  onRemove: () => void;
  /** The upload's percentage while it runs; undefined when nothing is on its way. */
  progress?: number;
  progressLabel?: string;
  /** What the bar's line says at this percentage. */
  progressText?: (percent: number) => string;
  /** A line under the zone: what became of the file. */
  children?: ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [dragging, setDragging] = useState(false);
  // A disabled fieldset around the zone (the form saving) disables the input; a drop must wait too.
  const disabled = () => inputRef.current?.matches(':disabled') ?? false;
  const choose = () => {
    if (!disabled()) inputRef.current?.click();
  };
  const percent = progress === undefined ? undefined : Math.max(0, Math.min(100, Math.round(progress)));

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label}
        {required && (
          <span aria-hidden="true" className="text-destructive">
            {' '}
            *
          </span>
        )}
      </Label>
      {/* The zone's click opens the input's picker for the pointer; the keyboard reaches the input itself. */}
      <div
        onClick={chosen ? undefined : choose}
        onDragEnter={(event) => {
          if (!carriesFiles(event) || disabled()) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          if (!carriesFiles(event) || disabled()) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          const file = event.dataTransfer.files[0];
          if (file && !disabled()) onFile(file);
        }}
        className={cn(
          'relative rounded-lg border-2 border-dashed border-input bg-background p-4 transition-colors',
          'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-foreground',
          !chosen && 'cursor-pointer hover:border-primary hover:bg-muted',
          dragging && 'border-primary bg-muted',
          error && 'border-destructive',
        )}
      >
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={accept}
          className="sr-only"
          // With a file chosen, Replace opens the picker: one stop on the keyboard, not two.
          tabIndex={chosen ? -1 : undefined}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={[hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Emptied, so choosing the same file again after Remove is a change too.
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
        {chosen ? <ChosenFileView chosen={chosen} icon={Icon} what={what} onReplace={choose} onRemove={onRemove} /> : <EmptyZoneText />}
      </div>
      {percent !== undefined && <UploadProgress percent={percent} text={progressText(percent)} label={progressLabel} />}
      {children}
      {hint && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** The chosen file's name and size, with Replace and Remove. */
function ChosenFileView({
  chosen,
  icon: Icon,
  what,
  onReplace,
  onRemove,
}: {
  chosen: ChosenFile;
  icon: LucideIcon;
  what: string;
  onReplace: () => void;
  onRemove: () => void;
}) {
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-3">
        <Icon aria-hidden="true" className="size-8 shrink-0 text-muted-foreground" />
        <div className="min-w-0">
          <p className="break-all text-sm font-medium">{chosen.name}</p>
          <p className="text-sm text-muted-foreground">{formatFileSize(chosen.size)}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onReplace}>
          <RefreshCw aria-hidden="true" />
          Replace<span className="sr-only"> {what}</span>
        </Button>
        <Button variant="outline" size="sm" onClick={onRemove}>
          <Trash2 aria-hidden="true" />
          Remove<span className="sr-only"> {what}</span>
        </Button>
      </div>
    </div>
  );
}

function EmptyZoneText() {
  return (
    <div className="flex flex-col items-center gap-2 py-2 text-center">
      <FileUp aria-hidden="true" className="size-7 text-muted-foreground" />
      <p className="text-sm">
        <span className="font-medium text-primary underline underline-offset-4">Choose a file</span> or drop it here
      </p>
    </div>
  );
}

/** An upload's percentage, announced as it moves. */
function UploadProgress({ percent, text, label }: { percent: number; text: string; label: string | undefined }) {
  return (
    <div className="grid gap-2" aria-live="polite">
      <p className="text-sm font-medium">{text}</p>
      <Progress value={percent} label={label ?? 'Upload progress'} />
    </div>
  );
}
