import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';
import { preactAliases } from './vite-preact.ts';
import { PRERENDERED_PATHS, PRERENDERED_SHELLS, prerenderedFile } from '../src/common/routes.ts';
import { siteNameDefine } from './vite-site-name.ts';

/** Packages whose code imports react (their own dependencies stay external). */
const REACT_LIBRARIES = [/^react-router/, /^@tanstack\/react-query/, /^@radix-ui\//, /^lucide-react/, /^sonner/, /^react-hook-form/, /^@hookform\//, /^@dnd-kit\//];

type RenderPage = (pathname: string) => Promise<{ head: string; body: string }>;

/**
 * After the browser build, renders each public page and signed-in shell (src/web/prerender.tsx) into a copy
 * of the built index.html, which the server sends for that path (src/server/web-app.ts).
 */
export function prerender(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'pitchroom-prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
      const vite = await createServer({
        root,
        configFile: false,
        plugins: [react()],
        resolve: { alias: preactAliases },
        define: siteNameDefine(),
        // Libraries that import react are bundled, not loaded by Node, so their imports reach Preact too.
        ssr: { noExternal: REACT_LIBRARIES },
        appType: 'custom',
        logLevel: 'warn',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const { renderPage } = (await vite.ssrLoadModule('/prerender.tsx')) as { renderPage: RenderPage };
        for (const pathname of [...PRERENDERED_PATHS, ...PRERENDERED_SHELLS]) {
          const { head, body } = await renderPage(pathname);
          const html = template.replace('</head>', `${head}</head>`).replace('<div id="root"></div>', `<div id="root">${body}</div>`);
          const file = path.join(outDir, prerenderedFile(pathname));
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, html);
        }
      } finally {
        await vite.close();
      }
    },
  };
}
