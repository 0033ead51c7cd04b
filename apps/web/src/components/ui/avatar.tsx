/** Up to two capital letters of a name: "Dana Whitfield" → "DW", "acme" → "A". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words.slice(0, 1);
  return letters.map((word) => [...word][0]!.toUpperCase()).join('') || '?';
}

const SIZES = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-16 text-lg' } as const;

/**
 * A person's picture, or their initials in a circle when there is none (or the company shows no
 * pictures). Decorative next to a visible name, so it is hidden from assistive technology.
 */
export function Avatar({ name, url, size = 'md' }: { name: string; url?: string | null | undefined; size?: keyof typeof SIZES }) {
  const box = `${SIZES[size]} shrink-0 rounded-full`;
  if (url) return <img src={url} alt="" aria-hidden="true" className={`${box} bg-slate-200 object-cover`} loading="lazy" decoding="async" />;
  return (
    <span aria-hidden="true" className={`${box} inline-flex items-center justify-center bg-slate-700 font-semibold text-white select-none`}>
      {initials(name)}
    </span>
  );
}
