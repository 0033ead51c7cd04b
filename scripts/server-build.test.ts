import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildServer } from './server-build.mjs';

const run = promisify(execFile);

/** The packages only some requests need (apps/server/src/lib/heavy-packages.ts, the PGlite branch of db/client.ts). */
const LOADED_ON_FIRST_USE = ['sharp', 'pdfkit', '@aws-sdk/client-s3', '@electric-sql/pglite'];

describe('the server bundle npm start runs (docs/decisions/084-memory-at-rest.md)', () => {
  it('keeps every package only some requests need out of the bundle’s static imports', async () => {
    const bundle = readFileSync(await buildServer({ force: true }), 'utf8');
    const staticImports = [...bundle.matchAll(/^import\s[^;]*?from\s*"([^"]+)"/gm)].map((match) => match[1]);
    expect(staticImports).toContain('fastify');
    for (const name of LOADED_ON_FIRST_USE) {
      expect(staticImports).not.toContain(name);
      expect(bundle).toContain(`import("${name}")`);
    }
  });

  it('loads every module and gets as far as the database', async () => {
    const entry = await buildServer();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'server-bundle-'));
    try {
      // Nothing listens on port 1: the start fails at the database, after every module has been evaluated.
      const failure: unknown = await run(process.execPath, [entry], {
        env: { ...process.env, DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:1/none', DATA_DIR: dataDir, NODE_ENV: 'production', SEED_DEMO: 'false' },
        timeout: 60_000,
      }).catch((error: unknown) => error);
      const output = failure as { code?: number; stdout?: string; stderr?: string };
      expect(output.code).toBe(1);
      expect(output.stderr).toMatch(/The server could not start: .*ECONNREFUSED/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
