import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { createServer, defineConfig, type Plugin } from 'vite';
import { BOOT_SPINNER_HTML, BOOT_SPINNER_STYLE } from './src/lib/boot-spinner.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes `version.json` (the build id the app polls to offer a reload) and a .br and .gz copy of
 * every text asset, so the server never compresses a static file per request.
 */
function buildArtifacts(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-build-artifacts',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name));
      const hash = createHash('sha256');
      for (const file of files.sort()) hash.update(path.relative(outDir, file)).update(await readFile(file));
      await writeFile(path.join(outDir, 'version.json'), JSON.stringify({ build: hash.digest('hex').slice(0, 16) }));
      await Promise.all(
        files
          .filter((file) => /\.(js|css|html|svg|json|txt)$/.test(file))
          .map(async (file) => {
            const source = await readFile(file);
            if (source.length < 1024) return;
            await writeFile(`${file}.br`, await brotli(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
            await writeFile(`${file}.gz`, await gz(source, { level: 9 }));
          }),
      );
    },
  };
}

const signInHtml = path.resolve(import.meta.dirname, 'sign-in.html');
/**
 * The entries' own modules (each page and its script) stay in their entry chunks: a group chunk runs every module in
 * it when it loads, and the sign-in build loads the full app's chunk when it hands over, which must not start the
 * full app's entry a second time.
 */
const ENTRY_MODULES = new Set(['index.html', 'sign-in.html', 'src/main.tsx', 'src/sign-in.tsx'].map((file) => path.resolve(import.meta.dirname, file)));
const isEntryModule = (id: string) => ENTRY_MODULES.has(id);
let signInGraph: Set<string> | undefined;
let portalGraph: Set<string> | undefined;
let portalAppGraph: Set<string> | undefined;

/** The entries' graphs are worked out anew for each build (a watch or a second build in one process). */
function freshGraphs(): Plugin {
  return {
    name: 'portal-graphs',
    buildStart() {
      signInGraph = undefined;
      portalGraph = undefined;
      portalAppGraph = undefined;
    },
  };
}

/** Every module `roots` import, all the way down: statically, or also lazily; never through `except`. */
function moduleGraph(roots: string[], ctx: ChunkingContext, { lazily = false, except }: { lazily?: boolean; except?: string } = {}): Set<string> {
  const graph = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const next = queue.pop()!;
    if (graph.has(next) || next === except) continue;
    graph.add(next);
    const info = ctx.getModuleInfo(next);
    queue.push(...(info?.importedIds ?? []), ...(lazily ? (info?.dynamicallyImportedIds ?? []) : []));
  }
  return graph;
}

/**
 * What the sign-in entry imports, statically and all the way down, goes to one file both entries load; the rest of the
 * portal's first bundle to one more (docs/decisions/078-page-weight.md and 089-sign-in-pages-without-the-router.md).
 */
function sharedBundleName(id: string, ctx: ChunkingContext): string | null {
  signInGraph ??= moduleGraph([signInHtml], ctx);
  return !isEntryModule(id) && signInGraph.has(id) ? 'shared' : null;
}

/**
 * What every signed-in page loads before it paints, past the first bundle: the layout, the context check, the project
 * gate and the data layer's own code (TanStack Query apart). They were two dozen small lazy chunks, fetched four
 * requests deep; one chunk, which index.html names for the browser to fetch beside the entry
 * (docs/decisions/096-the-portal-chunk.md).
 */
const PORTAL_ROOTS = [
  'src/portal/layouts/default-layout.tsx',
  'src/portal/portal-context.ts',
  'src/portal/project-gate.tsx',
  'src/lib/query-client.ts',
  'src/portal/lib/portal.ts',
  'src/portal/lib/areas.ts',
  'src/lib/loaders.ts',
  // The projects list's query: the index page, a third of all page views, asks for it beside the context check.
  'src/portal/features/project/api/get-entities.ts',
  // The project's money trail: the index page shows it, and the statement; a chunk of its own was one more request.
  'src/components/money-trail.tsx',
].map((file) => path.resolve(import.meta.dirname, file));
const isQueryModule = (id: string) => /node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/.test(id);

/**
 * Each icon is imported from its own module, not from lucide-react's index. The index re-exports every icon, so
 * through it the portal chunk's graph (portalBundleName) reached every icon the build uses: the console's and every
 * page's icons were in the chunk each signed-in page loads (docs/decisions/102-icons-from-their-own-modules.md).
 */
function lucideIconModules(): Plugin {
  let iconFiles: Map<string, string> | undefined;
  return {
    name: 'lucide-icon-modules',
    apply: 'build',
    async buildStart() {
      const index = await this.resolve('lucide-react', path.resolve(import.meta.dirname, 'src/main.tsx'));
      if (!index) throw new Error('lucide-react: its index did not resolve');
      iconFiles = new Map();
      for (const [, names, file] of (await readFile(index.id, 'utf8')).matchAll(/export \{([^}]+)\} from '\.\/icons\/([\w-]+)\.mjs';/g)) {
        for (const [, name] of names!.matchAll(/default as (\w+)/g)) iconFiles.set(name!, file!);
      }
      if (iconFiles.size === 0) throw new Error('lucide-react: no icons found in its index; has its layout changed?');
    },
    transform(code, id) {
      if (!id.startsWith(path.resolve(import.meta.dirname, 'src')) || !/from\s*["']lucide-react["']/.test(code)) return null;
      const rewritten = code.replace(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g, (_, list: string) => {
        const kept: string[] = [];
        const icons: string[] = [];
        for (const specifier of list
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)) {
          const [name = '', local = name] = specifier.split(/\s+as\s+/);
          const file = iconFiles!.get(name);
          if (file) icons.push(`import ${local} from 'lucide-react/icons/${file}';`);
          else kept.push(specifier); // the library's own exports (types are gone by now)
        }
        return [kept.length ? `import { ${kept.join(', ')} } from 'lucide-react';` : '', ...icons].join(' ');
      });
      // Anything still taken from the index would bring every icon back into the portal chunk's graph.
      if (/from\s*["']lucide-react["']/.test(rewritten)) this.error(`${id} imports from lucide-react's index, which brings every icon: import icons only`);
      return rewritten;
    },
  };
}

/** The two chunks index.html names (preloadPortalChunks). */
const PORTAL_CHUNK = 'portal';
const QUERY_CHUNK = 'query';

const MAIN_ENTRY = path.resolve(import.meta.dirname, 'src/main.tsx');
const STAFF_ROUTER = path.resolve(import.meta.dirname, 'src/console/staff-router.tsx');
const isIconModule = (id: string) => /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(id);

function portalBundleName(id: string, ctx: ChunkingContext): string | null {
  portalGraph ??= moduleGraph(PORTAL_ROOTS, ctx);
  // The portal chunk takes its own modules' icons, and every icon a portal page may show that more than one module
  // uses, on the portal's side or the console's: a few hundred bytes each, where a file of its own (shared by the
  // chunks that use it) would be a request each. An icon one module uses goes with that module, and an icon only the
  // console uses stays with the console (docs/decisions/102-icons-from-their-own-modules.md).
  if (isIconModule(id)) {
    if (portalGraph.has(id)) return PORTAL_CHUNK;
    // Every module a portal page may load, lazily or not: the full app short of the console's route table.
    const portalApp = (portalAppGraph ??= moduleGraph([MAIN_ENTRY], ctx, { lazily: true, except: STAFF_ROUTER }));
    return portalApp.has(id) && (ctx.getModuleInfo(id)?.importers.length ?? 0) > 1 ? PORTAL_CHUNK : null;
  }
  return !isEntryModule(id) && !isQueryModule(id) && portalGraph.has(id) ? PORTAL_CHUNK : null;
}

/** index.html (the signed-in pages') asks for the portal chunk and TanStack Query at once, not once its entry runs. */
function preloadPortalChunks(): Plugin {
  return {
    name: 'portal-preload-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || path.basename(ctx.filename) !== 'index.html') return html;
        const files = Object.values(ctx.bundle)
          .filter((item) => item.type === 'chunk' && (item.name === PORTAL_CHUNK || item.name === QUERY_CHUNK))
          .map((chunk) => chunk.fileName);
        if (files.length !== 2) throw new Error(`index.html: expected the portal and query chunks, found ${files.join(', ') || 'neither'}`);
        const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
        return html.replace('</head>', `  ${links}\n  </head>`);
      },
    },
  };
}

/**
 * Both HTML entries draw their own "Loading…" (lib/boot-spinner.ts) and name their style sheets after it: a style sheet
 * in the head holds back the first paint until it has loaded, one after the spinner holds back only what follows it,
 * and the entry's module scripts still wait for it before they run (docs/decisions/100-a-loading-status-in-the-html.md).
 */
function bootSpinner(): Plugin {
  return {
    name: 'boot-spinner',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error(`${path.basename(ctx.filename)}: no empty ${root} to draw the first "Loading…" in`);
        let page = html.replace('</head>', `  <style>${BOOT_SPINNER_STYLE}</style>\n  </head>`).replace(root, `<div id="root">${BOOT_SPINNER_HTML}</div>`);
        const sheets = page.match(/\n\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        for (const sheet of sheets) page = page.replace(sheet, '');
        return page.replace('</body>', `${sheets.map((sheet) => `  ${sheet.trim()}\n`).join('')}  </body>`);
      },
    },
  };
}

/** What the build's prerender (src/portal/sign-in-prerender.tsx) gives the page around it. */
interface PrerenderedPage {
  /** What takes the place of the entry's `#root` and its "Loading…". */
  body: string;
  style: string;
  script: string;
}

/** Each edit of the page must find what it edits: an entry that changes shape fails the build rather than the page. */
function replaceOnce(html: string, find: string | RegExp, by: (found: string) => string, what: string): string {
  const match = typeof find === 'string' ? (html.includes(find) ? find : undefined) : find.exec(html)?.[0];
  if (match === undefined) throw new Error(`login.html: ${what} not found in sign-in.html`);
  return html.replace(match, by);
}

/**
 * `login.html`: the sign-in entry with `/login` drawn into it, which the server answers `/login` with
 * (docs/decisions/105-the-sign-in-page-drawn-in-its-html.md). The page paints once its HTML and style sheet are in, not
 * once React has loaded and run; the entry then hydrates it. So the style sheet goes back into the head (the drawn page
 * must not paint unstyled), the scripts are fetched at low priority (they no longer hold up the first paint, so they
 * should not share the line with the sheet), a form sent before the page is hydrated is held by the inline script and
 * sent again after (docs/decisions/111-the-drawn-sign-in-page-usable-before-its-script.md), and a signed-in visitor,
 * whom the app sends on, gets the "Loading…" instead of the form.
 */
function prerenderedLoginPage(): Plugin {
  return {
    name: 'prerendered-login-page',
    apply: 'build',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const entry = bundle['sign-in.html'];
        if (entry?.type !== 'asset') throw new Error('login.html: no sign-in.html in the bundle');
        // The page's own modules, run in Node as the app's code would run them: Vite's module loader, React's server renderer.
        const server = await createServer({
          configFile: false,
          root: import.meta.dirname,
          mode: 'production',
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
          plugins: [react()],
        });
        let page: PrerenderedPage;
        try {
          const module = (await server.ssrLoadModule('/src/portal/sign-in-prerender.tsx')) as { prerenderLoginPage: () => Promise<PrerenderedPage> };
          page = await module.prerenderLoginPage();
        } finally {
          await server.close();
        }
        let html = typeof entry.source === 'string' ? entry.source : new TextDecoder().decode(entry.source);
        html = replaceOnce(html, `<div id="root">${BOOT_SPINNER_HTML}</div>`, () => page.body, 'the "Loading…" in #root');
        const sheets = html.match(/\n\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        if (sheets.length === 0) throw new Error('login.html: no style sheet in sign-in.html');
        for (const sheet of sheets) html = html.replace(sheet, '');
        const links = sheets.map((sheet) => `\n    ${sheet.trim()}`).join('');
        html = replaceOnce(html, '</head>', () => `  <style>${page.style}</style>${links}\n  </head>`, 'the head');
        // Before any style sheet: an inline script after one waits for it.
        html = replaceOnce(html, /\n\s*<script type="module"/, (found) => `\n    <script>${page.script}</script>${found}`, 'the entry script');
        html = html.replaceAll('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin');
        html = html.replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin');
        this.emitFile({ type: 'asset', fileName: 'login.html', source: html });
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), lucideIconModules(), buildArtifacts(), freshGraphs(), preloadPortalChunks(), bootSpinner(), prerenderedLoginPage()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/brand': 'http://localhost:3000',
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      // The sign-in pages have an entry of their own, without the router (docs/decisions/089-sign-in-pages-without-the-router.md).
      input: { main: path.resolve(import.meta.dirname, 'index.html'), 'sign-in': path.resolve(import.meta.dirname, 'sign-in.html') },
      output: {
        codeSplitting: {
          groups: [
            // What both entries load first (React, the sign-in page) is one file, the rest of the full app's first bundle
            // another, and each entry's own module its entry file.
            { name: sharedBundleName, debugName: 'shared', tags: ['$initial'], priority: 2 },
            { name: 'initial', tags: ['$initial'], test: (id) => !isEntryModule(id), priority: 1 },
            { name: QUERY_CHUNK, test: isQueryModule },
            { name: portalBundleName, debugName: PORTAL_CHUNK },
          ],
        },
      },
    },
  },
});
