import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), tailwindcss(), buildArtifacts()],
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
      output: {
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'] },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/ },
          ],
        },
      },
    },
  },
});
