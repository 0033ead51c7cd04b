/**
 * The node flags the shipped server runs with: `npm start` passes them (package.json), and the end-to-end suite's and
 * the benches' servers take them from here, so what is tested and measured is what ships
 * (docs/decisions/093-server-node-flags.md).
 *
 * - `--max-semi-space-size=16`: V8's young generation as Node 20 sized it. Node 24's V8 sizes it from the machine's
 *   memory (about four times larger here), which held 55–60 MB more at rest and 200 MB more under load for no CPU
 *   saved.
 * - `--liftoff-only`: PGlite's WebAssembly stays on V8's baseline compiler. Node 24's optimizing compiler took over
 *   600 MB for one of PostgreSQL's functions, seconds after every start, and kept 50 MB more afterwards.
 *
 * Command-line flags: NODE_OPTIONS refuses `--liftoff-only`, and V8 reads both when the process starts (V8 freezes its
 * flags after that, so setting them from inside the server has no effect).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--liftoff-only'];
