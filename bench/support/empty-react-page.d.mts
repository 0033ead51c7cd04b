/** See empty-react-page.mjs. */
export function buildEmptyReactPage(): Promise<{ dir: string; dist: string }>;
