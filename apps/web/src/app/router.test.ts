import { APP_ROUTES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { createDataLayer } from './data-layer';
import { createPortalRouter } from './router';

describe('the route table', () => {
  it('is the list the server knows, so only real pages answer 200', () => {
    const router = createPortalRouter(createDataLayer());
    const paths = Object.values(router.routesByPath).map((route) => route.fullPath.replace(/(.)\/$/, '$1'));
    expect(new Set(paths)).toEqual(new Set(APP_ROUTES));
  });
});
