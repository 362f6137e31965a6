/** One chunk of Vite's build manifest (.vite/manifest.json), the fields read here. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The `<link>`s a prerendered page needs for the lazy pages it shows (their sources, as manifest `src`): each
 * page's chunk and every chunk it imports, less what the HTML entry already links. In the HTML they load while
 * the entry does, rather than after it has run and asked for them, and Vite's preload helper then finds
 * them there instead of adding a link for each at start-up.
 */
export function pageChunkLinks(manifest: Manifest, pageSources: string[], base = '/'): string {
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const linked = new Set<string>();
  const visit = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported, into);
  };
  for (const key of entryKeys) visit(key, linked);

  const needed = new Set<string>();
  for (const src of pageSources) {
    const key = Object.keys(manifest).find((k) => manifest[k]!.src === src);
    if (!key) throw new Error(`${src} is not in the build manifest`);
    visit(key, needed);
  }
  const scripts: string[] = [];
  const styles = new Set<string>();
  const linkedStyles = new Set([...linked].flatMap((key) => manifest[key]?.css ?? []));
  for (const key of needed) {
    if (linked.has(key)) continue;
    const chunk = manifest[key]!;
    scripts.push(`<link rel="modulepreload" crossorigin href="${base}${chunk.file}">`);
    for (const css of chunk.css ?? []) if (!linkedStyles.has(css)) styles.add(css);
  }
  return [...[...styles].map((css) => `<link rel="stylesheet" crossorigin href="${base}${css}">`), ...scripts].join('');
}
