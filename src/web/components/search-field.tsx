import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FormField } from './ui/form-field';
import { Input } from './ui/input';

const DEBOUNCE_MS = 350;

/**
 * A search box whose value lives in the URL (the page owns it): what is typed is applied after a short
 * pause, or at once on Enter. It keeps only the text being typed and adopts the URL's value when that
 * changes from outside (Back, a shared link, Clear filters).
 */
export function SearchField({
  value,
  onChange,
  label = 'Search',
  searchLabel,
  placeholder,
  className = 'w-full sm:w-72',
}: {
  value: string;
  onChange: (q: string) => void;
  label?: string;
  /** The name of the search landmark, e.g. "Search users". */
  searchLabel: string;
  placeholder?: string;
  className?: string;
}) {
  const [draft, setDraft] = useState(value);
  const applied = useRef(value);
  // The latest callback, without restarting the pause each time the page re-renders.
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });

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
      aria-label={searchLabel}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        applied.current = draft;
        onChangeRef.current(draft.trim());
      }}
    >
      <FormField label={label}>
        <Input
          type="search"
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
      </FormField>
    </form>
  );
}
