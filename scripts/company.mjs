#!/usr/bin/env node
/**
 * `npx company <command> [options]` (the root package's `bin`): the `company` command run directly with node, without
 * npm's wrapper and its `npm error` lines after a refusal, from any folder in the checkout; from elsewhere, run this
 * file by its path. Its paths are read from the folder it is typed in (docs/company-api.md, "The company command").
 */
// tsx's loader, registered in this process (as `node --import tsx` would), so the TypeScript sources run as they are.
import 'tsx';

await import('../apps/server/src/cli/company.ts');
