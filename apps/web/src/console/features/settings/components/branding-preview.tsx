import type { CSSProperties } from 'react';
import { BrandMark } from '../../../../components/brand-mark';
import { ColorBar } from '../../../../components/color-bar';
import { CompanyWelcome } from '../../../../components/company-welcome';
import { readableTextOn } from '../../../../lib/color';

export interface BrandingDraft {
  name: string;
  /** A #rrggbb colour; anything else previews as the portal's default. */
  color: string;
  logoUrl: string | null;
  welcome: string;
}

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * The portal's header, colour bar and welcome as the form stands, before it is saved: the portal's own pieces, painted
 * with the draft colour by setting the colour variables (and the theme's, which the root resolves) on this box alone, so the console around it keeps its colour.
 */
export function BrandingPreview({ draft, fallbackColor }: { draft: BrandingDraft; fallbackColor: string }) {
  const color = HEX.test(draft.color) ? draft.color : fallbackColor;
  const onColor = readableTextOn(color);
  // The theme's --color-* variables are resolved where they are declared (the root), so they are set here too.
  const style = {
    '--portal-color': color,
    '--portal-color-stale': color,
    '--portal-on-color': onColor,
    '--color-portal': color,
    '--color-portal-stale': color,
    '--color-on-portal': onColor,
  } as CSSProperties;
  const name = draft.name.trim() || 'Your company';
  return (
    <section aria-label="Preview of the portal" style={style} className="overflow-hidden rounded-2xl bg-slate-50 shadow-sm ring-1 ring-slate-200">
      <ColorBar />
      <div className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3 text-base font-semibold text-slate-900">
        <BrandMark name={name} logoUrl={draft.logoUrl} />
      </div>
      <div className="flex flex-col gap-4 p-4">
        <CompanyWelcome company={{ name, logo_url: draft.logoUrl, portal_welcome_message: draft.welcome.trim() || null }} />
        <span data-preview-button className="inline-flex w-fit items-center rounded-full bg-portal px-5 py-2 text-sm font-semibold text-on-portal">
          Open my portal
        </span>
      </div>
    </section>
  );
}
