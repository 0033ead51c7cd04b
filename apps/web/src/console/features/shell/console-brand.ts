import type { CompanyTheme } from '@portal/contract';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useSignInBrand } from '../../../components/sign-in-brand';

/** Where this browser keeps the brand of the company whose console it last opened. */
export const CONSOLE_BRAND_STORAGE_KEY = 'cc_portal_staff_brand';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be disabled by the browser: the sign-in page is then simply unbranded.
    return null;
  }
}

/**
 * The console's sign-in page knows no company from its address; the browser that opened a company's console before
 * shows that company's name, logo and colour there next time (docs/staff-console.md). Only what the portal's public
 * theme lookup shows anyone, never who signed in.
 */
export function rememberConsoleBrand(company: CompanyTheme) {
  const brand: CompanyTheme = { name: company.name, color: company.color, logo_url: company.logo_url };
  try {
    storage()?.setItem(CONSOLE_BRAND_STORAGE_KEY, JSON.stringify(brand));
  } catch {
    // A full or refused storage leaves the page unbranded; nothing else depends on it.
  }
}

/** The remembered brand, or null when there is none or it is not one (an old or edited entry). */
export function rememberedConsoleBrand(): CompanyTheme | null {
  const raw = storage()?.getItem(CONSOLE_BRAND_STORAGE_KEY);
  if (!raw) return null;
  try {
    // Checked by hand: the contract's schemas stay out of the browser's bundles (docs/decisions/103-the-contracts-values-apart.md).
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { name, color, logo_url } = value as Record<string, unknown>;
    if (typeof name !== 'string' || !name) return null;
    const hex = typeof color === 'string' && /^#[0-9a-f]{6}$/i.test(color) ? color : null;
    return { name, color: hex, logo_url: typeof logo_url === 'string' && logo_url ? logo_url : null };
  } catch {
    return null;
  }
}

/** The console's sign-in pages: branded by `?theme=` when the address has one, else by the remembered brand. */
export function useRememberedConsoleBrand() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const [remembered] = useState(rememberedConsoleBrand);
  useSignInBrand(typeof search.theme === 'string' && search.theme ? null : remembered);
}
