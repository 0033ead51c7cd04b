import { createRoute, Outlet, useLocation, useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import type { CompanyTheme } from '@portal/contract';
import { useMemo, useState, type ReactNode } from 'react';
import { SignInBrandContext } from '../components/sign-in-brand';
import { SignInNavigationProvider, type SignInNavigation } from '../components/sign-in-navigation';
import { validateSignInSearch } from '../lib/search';
import { rootRoute } from './root';
import { AuthCard } from './auth-card';

/** The sign-in pages' navigation inside the full app: the router's own. */
function RouterSignInNavigation({ children }: { children: ReactNode }) {
  const router = useRouter();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const { searchStr } = useLocation();
  const navigation = useMemo<SignInNavigation>(
    () => ({
      search,
      searchStr,
      go: (href, options) => void navigate({ href, replace: options?.replace }),
      // A route that fails to load while only pointed at is the navigation's to report.
      preload: (href) => void router.preloadRoute({ href } as Parameters<typeof router.preloadRoute>[0]).catch(() => undefined),
    }),
    [router, navigate, search, searchStr],
  );
  return <SignInNavigationProvider value={navigation}>{children}</SignInNavigationProvider>;
}

export function AuthLayout() {
  const { theme } = authLayoutRoute.useSearch();
  // The brand a page found for itself (components/sign-in-brand.ts), such as a staff invitation's company.
  const [pageBrand, setPageBrand] = useState<CompanyTheme | null>(null);
  return (
    <AuthCard themeCode={theme} brand={pageBrand}>
      <SignInBrandContext.Provider value={setPageBrand}>
        <RouterSignInNavigation>
          <Outlet />
        </RouterSignInNavigation>
      </SignInBrandContext.Provider>
    </AuthCard>
  );
}

export const authLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'auth',
  validateSearch: validateSignInSearch,
  component: AuthLayout,
});
