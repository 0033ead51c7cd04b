/**
 * The company's logo and name as the portal's header shows them; the console's branding preview draws the same. A logo
 * of any shape keeps its proportions at the header's height, narrower on a phone (docs/decisions/115-the-console-on-a-narrow-screen.md).
 */
export function BrandMark({ name, logoUrl }: { name: string | null | undefined; logoUrl: string | null | undefined }) {
  return (
    <>
      {logoUrl ? <img src={logoUrl} alt="" width={32} height={32} className="h-8 w-auto max-w-20 shrink-0 rounded-lg object-contain sm:max-w-40" /> : null}
      <span className="line-clamp-2 leading-5 wrap-break-word sm:leading-7">{name ?? 'Project portal'}</span>
    </>
  );
}
