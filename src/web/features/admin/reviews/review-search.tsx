import { useEffect, useRef, useState } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';

const DEBOUNCE_MS = 350;

/**
 * The search box: what is typed applies after a short pause. The value lives in the URL (the page owns
 * it); this keeps only the text being typed and adopts the URL's value when it changes from outside (Back).
 */
export function ReviewSearch({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const [draft, setDraft] = useState(value);
  const applied = useRef(value);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (value.trim() !== applied.current.trim()) {
      applied.current = value;
      setDraft(value);
    }
  }, [value]);

  useEffect(() => {
    if (draft.trim() === applied.current.trim()) return;
    const timer = setTimeout(() => {
      applied.current = draft;
      onChangeRef.current(draft.trim());
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  return (
    <form
      role="search"
      aria-label="Search songwriter reviews"
      className="w-full sm:w-80"
      onSubmit={(event) => {
        event.preventDefault();
        applied.current = draft;
        onChange(draft.trim());
      }}
    >
      <FormField label="Search">
        <Input
          type="search"
          placeholder="Songwriter, song title or email"
          autoComplete="off"
          maxLength={100}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
      </FormField>
    </form>
  );
}
