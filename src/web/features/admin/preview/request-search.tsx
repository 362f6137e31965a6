import { useEffect, useRef, useState } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';

const DEBOUNCE_MS = 350;

/**
 * The search box: what is typed is applied after a short pause. The value lives in the URL (the page
 * owns it), so this keeps only the text being typed and adopts the URL's value when it changes from
 * outside (Back, a shared link, Clear filters).
 */
export function RequestSearch({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const [draft, setDraft] = useState(value);
  const applied = useRef(value);

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
      onChange(draft.trim());
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // onChange is recreated each render; the draft is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft]);

  return (
    <form
      role="search"
      aria-label="Search preview requests"
      className="w-full sm:w-72"
      onSubmit={(event) => {
        event.preventDefault();
        applied.current = draft;
        onChange(draft.trim());
      }}
    >
      <FormField label="Search">
        <Input
          type="search"
          placeholder="Name, company or email"
          autoComplete="off"
          maxLength={100}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
      </FormField>
    </form>
  );
}
