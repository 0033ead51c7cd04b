import { lazy, Suspense } from 'react';
import { useToasts } from '../lib/toast';

// The toaster (and Radix's toast code) loads with the first toast, not with every page.
const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/** Where toasts show, on every page of the full app and of the sign-in build. */
export function Toasts() {
  const hasToasts = useToasts().length > 0;
  return hasToasts ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
