import { mkdtemp, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The build tools resolve from the web app, where its package.json puts them.
const webRequire = createRequire(path.join(root, 'apps/web/package.json'));

/**
 * An empty React page built by the same Vite and React the portal uses: the yardstick of the page-weight budgets
 * (docs/requirements.md 17.2), for the bench and the end-to-end test alike. The caller removes `dir`.
 */
export async function buildEmptyReactPage() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-empty-react-'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Empty</title></head><body><div id="root"></div><script type="module" src="/main.jsx"></script></body></html>',
  );
  await writeFile(
    path.join(dir, 'main.jsx'),
    "import { StrictMode } from 'react';\nimport { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(<StrictMode><main><h1>Empty page</h1></main></StrictMode>);\n",
  );
  const react = (await import(pathToFileURL(webRequire.resolve('@vitejs/plugin-react')).href)).default;
  await build({
    root: dir,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: { react: path.join(root, 'node_modules/react'), 'react-dom': path.join(root, 'node_modules/react-dom') } },
    build: { outDir: path.join(dir, 'dist'), target: 'es2022' },
  });
  return { dir, dist: path.join(dir, 'dist') };
}
