import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

/**
 * The `company` command as a terminal runs it on the server's host (docs/company-api.md): against `server`, with its
 * data folder (where the operator secret is), and a company's API key when given. Answers what it printed.
 */
export async function companyCommand(server: { url: string; dataDir: string }, args: string[], apiKey = ''): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/cli/company.ts'), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '', PORTAL_URL: server.url, PORTAL_API_KEY: apiKey },
  });
  return stdout.trim();
}
