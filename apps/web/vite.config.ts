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

const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/;

/**
 * The browser takes types and constants from @portal/contract, never its zod schemas (decision 024):
 * it does not parse API answers again (decision 015). Schema definitions are calls into zod that a
 * bundler must keep, so importing one constant would bring classic zod and every schema with it.
 * This plugin drops, from each contract module, the zod import and every top-level statement that
 * uses zod or something built with it; what is left are plain constants and helpers. A value import
 * of a schema in the web app then fails the build ("is not exported"), which is the point.
 * Dropped code is blanked, not cut, so lines and columns (and source maps) stay as they were.
 */
function contractWithoutSchemas(): Plugin {
  return {
    name: 'portal-contract-without-schemas',
    enforce: 'post',
    transform: {
      filter: { id: CONTRACT_SOURCE },
      handler(code) {
        const program = this.parse(code);
        const tainted = new Set<string>();
        const dropped = new Set<(typeof program.body)[number]>();
        for (const statement of program.body) {
          if (statement.type === 'ImportDeclaration' && /^zod(\/|$)/.test(String(statement.source.value))) {
            dropped.add(statement);
            for (const specifier of statement.specifiers) tainted.add(specifier.local.name);
          }
        }
        if (tainted.size === 0) return null;
        const identifiers = (text: string) => text.match(/[A-Za-z_$][\w$]*/g) ?? [];
        for (let changed = true; changed; ) {
          changed = false;
          for (const statement of program.body) {
            if (dropped.has(statement) || statement.type === 'ImportDeclaration') continue;
            const text = code.slice(statement.start, statement.end);
            if (!identifiers(text).some((name) => tainted.has(name))) continue;
            dropped.add(statement);
            changed = true;
            const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
            if (declaration?.type === 'VariableDeclaration') {
              for (const declarator of declaration.declarations) for (const name of identifiers(code.slice(declarator.id.start, declarator.id.end))) tainted.add(name);
            } else if ((declaration?.type === 'FunctionDeclaration' || declaration?.type === 'ClassDeclaration') && declaration.id) {
              tainted.add(declaration.id.name);
            }
          }
        }
        // Imports from the other contract modules: keep the names a kept statement still uses.
        const kept = program.body.filter((statement) => !dropped.has(statement) && statement.type !== 'ImportDeclaration');
        const used = new Set(kept.flatMap((statement) => identifiers(code.slice(statement.start, statement.end))));
        const blanks: [number, number][] = [...dropped].map((statement) => [statement.start, statement.end]);
        for (const statement of program.body) {
          if (statement.type !== 'ImportDeclaration' || dropped.has(statement) || statement.specifiers.length === 0) continue;
          const specifiers = statement.specifiers;
          const unused = specifiers.map((specifier) => !used.has(specifier.local.name));
          if (unused.every(Boolean)) {
            blanks.push([statement.start, statement.end]);
            continue;
          }
          specifiers.forEach((specifier, index) => {
            if (!unused[index]) return;
            // Its text and a comma: the one after it, or before it when it is the last.
            const next = specifiers[index + 1];
            const previous = specifiers[index - 1];
            if (next) blanks.push([specifier.start, next.start]);
            else if (previous) blanks.push([previous.end, specifier.end]);
          });
        }
        let out = code;
        for (const [start, end] of blanks) out = out.slice(0, start) + out.slice(start, end).replace(/[^\n]/g, ' ') + out.slice(end);
        return { code: out, map: null };
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), contractWithoutSchemas(), buildArtifacts()],
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
  },
});
