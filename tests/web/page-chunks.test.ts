import { expect, test } from 'vitest';
import { pageChunkLinks, type Manifest } from '../../scripts/page-chunks';

// The shape Vite writes to .vite/manifest.json: the entry, a lazy page, and chunks shared between them.
const manifest: Manifest = {
  'index.html': { file: 'assets/index-1.js', src: 'index.html', isEntry: true, imports: ['_react-1.js'], css: ['assets/index-1.css'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  'features/songs/songs-page.tsx': {
    file: 'assets/songs-page-1.js',
    src: 'features/songs/songs-page.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_react-1.js', '_card-1.js'],
    css: ['assets/songs-page-1.css'],
  },
  '_card-1.js': { file: 'assets/card-1.js', imports: ['_react-1.js', '_icon-1.js'] },
  '_icon-1.js': { file: 'assets/icon-1.js' },
  'features/admin/songs-admin-page.tsx': { file: 'assets/admin-1.js', src: 'features/admin/songs-admin-page.tsx', isDynamicEntry: true },
};

test('a page links its chunk and every chunk it needs, but none the entry already links, nor other pages', () => {
  const links = pageChunkLinks(manifest, ['features/songs/songs-page.tsx']);
  expect(links).toBe(
    '<link rel="stylesheet" crossorigin href="/assets/songs-page-1.css">' +
      '<link rel="modulepreload" crossorigin href="/assets/songs-page-1.js">' +
      '<link rel="modulepreload" crossorigin href="/assets/card-1.js">' +
      '<link rel="modulepreload" crossorigin href="/assets/icon-1.js">',
  );
});

test('a page without lazy pages links nothing more', () => {
  expect(pageChunkLinks(manifest, [])).toBe('');
});

test('a page the build does not know is an error, not a page that loads late', () => {
  expect(() => pageChunkLinks(manifest, ['features/nowhere-page.tsx'])).toThrow('features/nowhere-page.tsx is not in the build manifest');
});
