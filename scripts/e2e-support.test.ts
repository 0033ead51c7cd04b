import { afterEach, describe, expect, it, vi } from 'vitest';
import { chromiumPath } from '../e2e/support/chromium';

describe('the e2e suite without a browser', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('fails with a message that says how to install Chromium, instead of skipping', () => {
    vi.stubEnv('CHROMIUM_PATH', '/nonexistent/chromium');
    expect(() => chromiumPath()).toThrow(/apt-get install -y chromium/);
    expect(() => chromiumPath()).toThrow(/CHROMIUM_PATH/);
  });

  it('uses CHROMIUM_PATH when it points at a browser', () => {
    vi.stubEnv('CHROMIUM_PATH', process.execPath);
    expect(chromiumPath()).toBe(process.execPath);
  });
});
