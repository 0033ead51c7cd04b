/**
 * `npx company <command> [options]` (scripts/company.mjs) or `npm run company -- <command> [options]`: the company
 * side from a terminal (docs/company-api.md): the operator takes on a company, and a company runs its portal, through
 * the running server's API exactly as a CRM would.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCompanyCommand } from './company/run';

const checkout = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

process.exitCode = await runCompanyCommand(process.argv.slice(2), {
  env: process.env,
  // `npm run company` runs in the checkout (the workspace's script changes to it); npm's INIT_CWD is where it was
  // typed, where its paths mean something. Run any other way (npx, the script by its path), this process's folder is.
  cwd: process.env.INIT_CWD && path.resolve(process.cwd()) === checkout ? process.env.INIT_CWD : process.cwd(),
  serverDir: checkout,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
