import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';
import { preactAliases } from './scripts/vite-preact.ts';
import { prerender } from './scripts/vite-prerender.ts';
import { recordSiteName, siteNameDefine } from './scripts/vite-site-name.ts';

const here = import.meta.dirname;

export default defineConfig({
  root: path.resolve(here, 'src/web'),
  plugins: [
    // React Fast Refresh talks to React's renderer, which Preact is not (decision 0017): without it an
    // edit in development reloads the page instead of leaving it stale.
    react({ refreshExclude: /./ }),
    tailwindcss(),
    prerender(),
    precompress(),
    recordSiteName(),
  ],
  resolve: { alias: preactAliases },
  define: siteNameDefine(),
  build: {
    // The server serves this folder (src/server/server.ts WEB_ROOT).
    outDir: path.resolve(here, 'dist/web'),
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      // react-router feature-detects React 19's useOptimistic, which Preact lacks: expected, not worth a warning.
      onLog: (level, log, handler) => (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic') ? undefined : handler(level, log)),
      output: {
        codeSplitting: {
          // Preact and the router change far less often than the app: their own chunk stays cached across deploys.
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](preact|react-router)[\\/]/ }],
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
