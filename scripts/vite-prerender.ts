import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';
import {
  HEAD_PRERENDERED_PATHS,
  isPrerenderedShell,
  PRERENDERED_PATHS,
  PRERENDERED_SHELLS,
  prerenderedFile,
} from '../src/common/routes.ts';
import { siteNameDefine } from './vite-site-name.ts';
import { pageChunkLinks, type Manifest } from './page-chunks.ts';

/** index.html's preload of the brand face's basic file, as the build rewrote it. */
const BRAND_FACE_PRELOAD = /<link rel="preload" as="font"[^>]*>/;

type RenderPage = (pathname: string) => Promise<{ head: string; body: string; pageModules: unknown[] }>;

/**
 * After the browser build, renders each public page and signed-in shell (src/web/prerender.tsx) into a copy
 * of the built index.html, which the server sends for that path (src/server/web-app.ts). A shell's copy links
 * the chunks of the page it shows (page-chunks.ts), so they load beside the entry.
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
      const manifest = JSON.parse(await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
      const lazyPages = Object.values(manifest).flatMap((chunk) => (chunk.isDynamicEntry && chunk.src ? [chunk.src] : []));
      const writePage = async (pathname: string, html: string) => {
        const file = path.join(outDir, prerenderedFile(pathname));
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, html);
      };
      const vite = await createServer({
        root,
        configFile: false,
        plugins: [react()],
        define: siteNameDefine(),
        appType: 'custom',
        logLevel: 'warn',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const { renderPage } = (await vite.ssrLoadModule('/prerender.tsx')) as { renderPage: RenderPage };
        for (const pathname of HEAD_PRERENDERED_PATHS) {
          // The head alone: the body stays empty, so the app draws it afresh for the caller (main.tsx).
          const { head } = await renderPage(pathname);
          if (!head.includes('<title>')) throw new Error(`${pathname}: its prerender wrote no <title>`);
          await writePage(pathname, template.replace('</head>', `${head}</head>`));
        }
        for (const pathname of [...PRERENDERED_PATHS, ...PRERENDERED_SHELLS]) {
          const { head, body, pageModules } = await renderPage(pathname);
          // Which lazy pages it showed: the build's modules that are the ones the render loaded.
          const shown: string[] = [];
          for (const src of lazyPages) {
            if (!vite.moduleGraph.getModulesByFile(path.resolve(root, src))) continue; // never loaded, so not shown
            if (pageModules.includes(await vite.ssrLoadModule(`/${src}`))) shown.push(src);
          }
          if (shown.length !== pageModules.length)
            throw new Error(`${pathname}: found ${shown.length} of its ${pageModules.length} pages in the build`);
          // A shell is nothing until its code has run, so that code loads at once, beside the entry (decision
          // 0031). A public page is whole as HTML: its code waits for the entry, so it does not slow the first
          // paint (measured: linked in the HTML, the home page's first paint on a simulated phone came 0.4 s later).
          const shell = isPrerenderedShell(pathname);
          const links = shell ? pageChunkLinks(manifest, shown) : '';
          // The brand face is preloaded for a public page's headline. A shell's visitor has come through a
          // public page or sign-in, which fetched it; on a cold cache its preload would compete with the shell's
          // code before the first paint, and with font-display: optional the heading does not wait for the face
          // (decision 0066).
          const html = (shell ? template.replace(BRAND_FACE_PRELOAD, '') : template)
            .replace('</head>', `${links}${head}</head>`)
            .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
          await writePage(pathname, html);
        }
      } finally {
        await vite.close();
      }
    },
  };
}
