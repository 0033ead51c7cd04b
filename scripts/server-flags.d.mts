/** Types of scripts/server-flags.mjs (plain JavaScript: package.json's `npm start` and the benches read it too). */
export declare const SERVER_NODE_FLAGS: readonly string[];
