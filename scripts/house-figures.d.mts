/** Types of scripts/house-figures.mjs (plain JavaScript, so that it runs with node alone). */
export declare const FILE_LIMIT: number;
export declare const FUNCTION_LIMIT: number;
export declare function measure(): {
  files: { file: string; lines: number }[];
  functions: { file: string; name: string; line: number; lines: number }[];
};
