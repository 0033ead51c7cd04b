/**
 * The node flags the shipped server runs with: `npm start` passes them (package.json), and the end-to-end suite's and
 * the benches' servers take them from here, so what is tested and measured is what ships
 * (docs/decisions/093-server-node-flags.md, 094-a-small-young-generation.md).
 *
 * - `--max-semi-space-size=4`: V8's young generation stays small. It never shrinks once grown, and Node 24's V8 sizes
 *   it from the machine's memory; at 16 MB (Node 20's size) it held 30–50 MB more under the workload for no CPU the
 *   workload or the entities list showed.
 * - `--liftoff-only`: PGlite's WebAssembly stays on V8's baseline compiler. Node 24's optimizing compiler took over
 *   600 MB for one of PostgreSQL's functions, seconds after every start, and kept 50 MB more afterwards.
 * - `--expose-gc`: the server collects the start's garbage once it is ready (lib/settle-memory.ts); nothing else
 *   calls it.
 *
 * Command-line flags: NODE_OPTIONS refuses `--liftoff-only`, and V8 reads them when the process starts (V8 freezes its
 * flags after that, so setting them from inside the server has no effect).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--liftoff-only', '--expose-gc'];
