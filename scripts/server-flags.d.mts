/** Types of scripts/server-flags.mjs (plain JavaScript, for the benches; package.json repeats the flags, and a test keeps the two equal). */
export declare const SERVER_NODE_FLAGS: readonly string[];
