import type { CompanyTheme } from '@portal/contract';
import type { ReactNode } from 'react';
import { ColorBar } from '../components/color-bar';
import { useDocumentTitle } from '../components/document-title';
import { useCompanyTheme } from '../lib/company-theme';
import { usePortalColor } from '../lib/portal-color';

/**
 * Sign-in pages: a single centred card under the colour bar, branded by `?theme=CODE`. No router here: the sign-in
 * build draws it too (docs/decisions/089-sign-in-pages-without-the-router.md). `brand`, when a page knows its company
 * otherwise (a staff invitation's link), comes before the theme's.
 */
export function AuthCard({
  themeCode,
  brand: pageBrand = null,
  children,
}: {
  themeCode: string | undefined;
  brand?: CompanyTheme | null;
  children: ReactNode;
}) {
  const theme = useCompanyTheme(themeCode);
  const brand = pageBrand ?? theme.data;
  usePortalColor(brand?.color);
  useDocumentTitle(brand?.name);

  return (
    <div className="flex min-h-dvh flex-col">
      <ColorBar />
      <main className="flex flex-1 flex-col items-center justify-start gap-6 px-4 py-10 sm:justify-center">
        <div className="flex items-center gap-3" aria-live="polite">
          {/* A logo of any shape at the card's height, never squashed nor cropped. */}
          {brand?.logo_url ? (
            <img src={brand.logo_url} alt="" width={48} height={48} className="h-12 w-auto max-w-32 shrink-0 rounded-xl object-contain sm:max-w-48" />
          ) : null}
          <p className="min-w-0 text-xl font-semibold wrap-anywhere text-slate-900">{brand?.name ?? 'Project portal'}</p>
        </div>
        <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">{children}</div>
      </main>
    </div>
  );
}
