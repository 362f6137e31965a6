import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { cn } from '../lib/cn';

/** What can take the keyboard's focus inside a box (a box holding one of these scrolls as the focus moves). */
const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * Whether the element's content is larger than its box (so it scrolls), and whether anything inside can take the
 * focus. Measured after each render and again whenever the box or its first child changes size.
 */
export function useScrollState<T extends HTMLElement>(): {
  ref: RefObject<T | null>;
  overflows: boolean;
  holdsFocusable: boolean;
} {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  const [holdsFocusable, setHoldsFocusable] = useState(false);
  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    setOverflows(element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);
    setHoldsFocusable(element.querySelector(FOCUSABLE) !== null);
  }, []);
  // Each render may change the content (text, disabled buttons) without changing the box's size.
  useEffect(measure);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // The box changes with the window, its content with what it holds.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);
  return { ref, overflows, holdsFocusable };
}

/**
 * A box of limited size whose content scrolls (lyrics, a message, a list of figures). While it scrolls and
 * nothing inside can take the focus, it is a named region in the tab order, so the keyboard can scroll it too;
 * otherwise the focus moving through its controls scrolls it, and an extra tab stop would only be in the way.
 */
export function ScrollBox({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const { ref, overflows, holdsFocusable } = useScrollState<HTMLDivElement>();
  const focusable = overflows && !holdsFocusable;
  return (
    <div
      ref={ref}
      role={focusable ? 'region' : undefined}
      aria-label={focusable ? label : undefined}
      tabIndex={focusable ? 0 : undefined}
      // relative: hidden labels inside (sr-only, positioned) scroll with the box instead of stretching the page.
      className={cn('relative overflow-auto', className)}
    >
      {children}
    </div>
  );
}
