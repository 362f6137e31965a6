import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { LIMITS } from '../../../../common/constants';
import { addTag } from '../../../../common/schemas/songs';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

/**
 * Tags typed one at a time and added with Enter (or the Add button) through addTag(): trimmed, never
 * empty, no duplicates. Each shows as a badge with its own remove button; Backspace in the empty field
 * removes the last one.
 */
export function TagsInput({ value, onChange, error }: { value: string[]; onChange: (tags: string[]) => void; error?: string }) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [note, setNote] = useState('');
  const full = value.length >= LIMITS.tagsMax;

  const add = () => {
    const tag = draft.trim();
    if (!tag) return;
    const next = addTag(value, tag);
    setNote(next.length === value.length ? `“${tag}” is already a tag.` : `Added “${tag}”.`);
    if (next.length !== value.length) onChange(next);
    setDraft('');
  };

  const remove = (tag: string) => {
    onChange(value.filter((t) => t !== tag));
    setNote(`Removed “${tag}”.`);
  };

  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Tags</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          maxLength={LIMITS.tagMax}
          disabled={full}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              // Enter adds the tag; it must not submit the form.
              event.preventDefault();
              add();
            } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
              remove(value[value.length - 1]!);
            }
          }}
        />
        <Button type="button" variant="outline" onClick={add} disabled={full || draft.trim() === ''}>
          <Plus aria-hidden="true" />
          Add<span className="sr-only"> tag</span>
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {full ? `At most ${LIMITS.tagsMax} tags.` : 'Type a tag and press Enter, e.g. “heartbreak” or “female vocal”.'}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      {value.length > 0 && (
        <ul aria-label="Tags added" className="flex flex-wrap gap-1.5">
          {value.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary" className="gap-1 py-0.5 pr-1">
                {tag}
                <button
                  type="button"
                  onClick={() => remove(tag)}
                  className="inline-flex size-5 items-center justify-center rounded-full hover:bg-black/10"
                >
                  <X aria-hidden="true" className="size-3" />
                  <span className="sr-only">Remove tag {tag}</span>
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <p className="sr-only" aria-live="polite">
        {note}
      </p>
    </div>
  );
}
