/** The first tab stop of every page: jumps past the navigation to the page's main content. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-accent focus:px-4 focus:py-2 focus:font-semibold focus:text-stone-950"
    >
      Skip to content
    </a>
  );
}
