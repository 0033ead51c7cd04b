/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API lives; empty means this origin. */
  readonly VITE_API_URL?: string;
  /** The API's path under VITE_API_URL; default /api. */
  readonly VITE_API_PATH?: string;
}
