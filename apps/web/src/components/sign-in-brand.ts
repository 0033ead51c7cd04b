import type { CompanyTheme } from '@portal/contract';
import { createContext, useContext, useEffect } from 'react';

/** Set by the full app's sign-in layout (root/auth-layout.tsx); the sign-in build has no page that needs it. */
export const SignInBrandContext = createContext<(brand: CompanyTheme | null) => void>(() => undefined);

/**
 * A sign-in page that knows its company other than by `?theme=` (a staff invitation's link, the console this browser
 * opened before) brands the card around it with that company's name, logo and colour; null leaves it to the theme.
 */
export function useSignInBrand(brand: CompanyTheme | null) {
  const setBrand = useContext(SignInBrandContext);
  useEffect(() => {
    setBrand(brand);
    return () => setBrand(null);
  }, [setBrand, brand]);
}
