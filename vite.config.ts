import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';
import { prerender } from './scripts/vite-prerender.ts';
import { recordSiteName, siteNameDefine } from './scripts/vite-site-name.ts';

const here = import.meta.dirname;

export default defineConfig({
  root: path.resolve(here, 'src/web'),
  plugins: [react(), tailwindcss(), prerender(), precompress(), recordSiteName()],
  define: siteNameDefine(),
  build: {
    // The server serves this folder (src/server/server.ts WEB_ROOT).
    outDir: path.resolve(here, 'dist/web'),
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and the router change far less often than the app: their own chunk stays cached across deploys.
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // Left to itself the bundler gives each set of pages sharing a module a chunk of its own, and the
            // catalogue's first view asks for dozens of files of a few hundred bytes, a round trip each on an
            // HTTP/1.1 connection. These two groups gather the catalogue's shared code and the small building blocks
            // most pages use into one chunk each; only those modules, so what they import keeps its own chunks
            // rather than joining theirs (decision 0066).
            {
              name: 'catalogue',
              test: /[\\/]src[\\/](web[\\/](components[\\/]player[\\/]|features[\\/]songs[\\/](song-card|catalogue-api|catalogue-tracker)\.tsx?$)|common[\\/]messages[\\/]player\.ts$)/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'ui',
              test: /[\\/]src[\\/]web[\\/]components[\\/](ui[\\/](alert|badge|card|form-field|input|label|select|textarea)|empty-state|page-heading|pagination)\.tsx$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    // Same-origin API in development too, so session cookies and the server's Origin check just work.
    proxy: { '/api': 'http://localhost:3000' },
  },
});
