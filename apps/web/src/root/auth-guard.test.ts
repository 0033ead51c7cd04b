import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { authToken } from '../lib/auth-token';
import { guardSignIn, isAccountLinkPath, isSignInPath } from './auth-guard';

function outcome(pathname: string, searchStr = '') {
  try {
    guardSignIn({ pathname, searchStr });
    return 'stay';
  } catch (error) {
    if (isRedirect(error)) return error.options.href;
    throw error;
  }
}

describe('the sign-in rules (docs/requirements.md 3.1-3.3)', () => {
  it('knows the sign-in pages, with an optional trailing slash', () => {
    expect(['/login', '/login/', '/auth/passwordless/login', '/auth/passwordless/login/'].every(isSignInPath)).toBe(true);
    expect(['/', '/notes', '/loginx', '/auth/passwordless', '/x/login'].some(isSignInPath)).toBe(false);
  });

  it('without a token: sign-in pages stay, any other page goes to /login keeping the query', () => {
    expect(outcome('/login', '?theme=acme')).toBe('stay');
    expect(outcome('/auth/passwordless/login/')).toBe('stay');
    expect(outcome('/notes', '?entity=2&theme=acme')).toBe('/login?entity=2&theme=acme');
    expect(outcome('/')).toBe('/login');
  });

  it('with a token: sign-in pages go to / keeping the query, other pages stay', () => {
    authToken.set('1.x');
    expect(outcome('/login', '?entity=2')).toBe('/?entity=2');
    expect(outcome('/auth/passwordless/login/', '?theme=acme')).toBe('/?theme=acme');
    expect(outcome('/invoices', '?entity=3')).toBe('stay');
  });

  it('lets the pages an emailed link opens be reached signed in or not', () => {
    expect(['/forgot-password', '/reset-password/', '/confirm-email'].every(isAccountLinkPath)).toBe(true);
    expect(['/account', '/reset-password/x', '/login'].some(isAccountLinkPath)).toBe(false);
    expect(outcome('/reset-password', '?token=1.x')).toBe('stay');
    authToken.set('1.x');
    expect(outcome('/reset-password', '?token=1.x')).toBe('stay');
    expect(outcome('/confirm-email', '?token=1.x')).toBe('stay');
    expect(outcome('/forgot-password')).toBe('stay');
  });
});
