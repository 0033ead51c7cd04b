const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/**
 * Plain text cut into text and links (http and https only, so no `javascript:`), and nothing
 * else: the parts are rendered as React text and anchors, never as HTML.
 */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    let url = match[0];
    // Punctuation that ends a sentence is not part of the link ("see https://x.com/a.").
    const trailing = /[.,;:!?)\]}]+$/.exec(url)?.[0] ?? '';
    if (trailing && !(trailing.startsWith(')') && url.includes('('))) url = url.slice(0, url.length - trailing.length);
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
