/** The company's logo and name as the portal's header shows them; the console's branding preview draws the same. */
export function BrandMark({ name, logoUrl }: { name: string | null | undefined; logoUrl: string | null | undefined }) {
  return (
    <>
      {logoUrl ? <img src={logoUrl} alt="" width={32} height={32} className="size-8 shrink-0 rounded-lg" /> : null}
      <span className="line-clamp-2 leading-5 sm:leading-7">{name ?? 'Project portal'}</span>
    </>
  );
}
