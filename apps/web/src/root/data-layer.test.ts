import { describe, expect, it } from 'vitest';
import { createDataLayer } from './data-layer';

describe('the lazily loaded data layer', () => {
  it('creates one query client, with the data-layer defaults, on first use', async () => {
    const dataLayer = createDataLayer();
    dataLayer.clear(); // nothing loaded yet: nothing to do
    const [first, second] = await Promise.all([dataLayer.load(), dataLayer.load()]);
    expect(second).toBe(first);
    expect(await dataLayer.load()).toBe(first);
    expect(first.getDefaultOptions().queries).toMatchObject({ staleTime: 10_000, refetchOnWindowFocus: false });
  });

  it('clears every cached answer (sign-out, a 401)', async () => {
    const dataLayer = createDataLayer();
    const client = await dataLayer.load();
    client.setQueryData(['entities', '1'], { id: 1 });
    dataLayer.clear();
    expect(client.getQueryData(['entities', '1'])).toBeUndefined();
  });
});
