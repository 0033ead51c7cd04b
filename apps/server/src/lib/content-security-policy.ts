import { createHash } from 'node:crypto';

/**
 * The app's own pages load only what the server itself serves. Inline style attributes stay allowed (status colours are
 * data); an inline script runs only when the page's policy names its hash, and only the sign-in page's one does
 * (docs/decisions/105-the-sign-in-page-drawn-in-its-html.md).
 */
export function appContentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The hash source (`sha256-…`) of each inline script in a page: what its policy must name for them to run. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `sha256-${createHash('sha256').update(body!).digest('base64')}`,
  );
}
