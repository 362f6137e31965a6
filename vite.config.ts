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
          // React and the router change far less often than the app: their own chunk stays cached across deploys.
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
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
