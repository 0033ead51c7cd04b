import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SignInLink, SignInNavigationProvider, type SignInNavigation } from '../components/sign-in-navigation';
import { authToken } from '../lib/auth-token';
import { drawsSignInPage } from './sign-in-app';

describe('the sign-in build', () => {
  it('has the same page as the full app around its own script: the same title, language, icons and meta', () => {
    const page = (file: string) => readFileSync(path.resolve(import.meta.dirname, '../..', file), 'utf8');
    expect(page('sign-in.html')).toContain('src="/src/sign-in.tsx"');
    expect(page('sign-in.html').replace('/src/sign-in.tsx', '/src/main.tsx')).toBe(page('index.html'));
  });

  it('draws only a sign-in page, for nobody signed in, with a query the full app accepts', () => {
    expect(drawsSignInPage('/login', {})).toBe(true);
    expect(drawsSignInPage('/auth/passwordless/login/', { theme: 'acme', entity: 2 })).toBe(true);
    // The full app's rules take these: its 404, its redirects.
    expect(drawsSignInPage('/login', { theme: 'no such code' })).toBe(false);
    expect(drawsSignInPage('/forgot-password', {})).toBe(false);
    authToken.set('1.token');
    expect(drawsSignInPage('/login', {})).toBe(false);
  });

  it('follows a link in the page on a plain click, keeps the query, and leaves other clicks to the browser', async () => {
    const navigation: SignInNavigation = { search: {}, searchStr: '', go: vi.fn(), preload: vi.fn() };
    render(
      <SignInNavigationProvider value={navigation}>
        <SignInLink to="/forgot-password" search={{ theme: 'acme', entity: 1 }}>
          Forgot your password?
        </SignInLink>
      </SignInNavigationProvider>,
    );
    const link = screen.getByRole('link', { name: 'Forgot your password?' });
    expect(link).toHaveAttribute('href', '/forgot-password?theme=acme&entity=1');

    const user = userEvent.setup();
    await user.hover(link);
    expect(navigation.preload).toHaveBeenCalledWith('/forgot-password?theme=acme&entity=1');
    await user.click(link);
    expect(navigation.go).toHaveBeenCalledWith('/forgot-password?theme=acme&entity=1');

    vi.mocked(navigation.go).mockClear();
    // A click that opens a new tab is the browser's.
    await user.keyboard('{Control>}');
    await user.click(link);
    await user.keyboard('{/Control}');
    expect(navigation.go).not.toHaveBeenCalled();
  });
});
