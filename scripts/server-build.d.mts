/** Types of scripts/server-build.mjs (plain JavaScript, so that `npm start` needs no compiler to build the server). */
export declare const SERVER_BUNDLE: string;
export declare function serverBundleIsStale(): boolean;
export declare function buildServer(options?: { force?: boolean }): Promise<string>;
export declare function newestChange(target: string): number;
export declare function buildBundle(entry: string, outfile: string): Promise<string>;
