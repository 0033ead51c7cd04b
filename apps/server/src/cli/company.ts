/**
 * `npm run company -- <command> [options]`: the company side from a terminal (docs/company-api.md): the operator takes
 * on a company, and a company runs its portal, through the running server's API exactly as a CRM would.
 */
import { runCompanyCommand } from './company/run';

process.exitCode = await runCompanyCommand(process.argv.slice(2), {
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
