import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../lib/api-client';
import { PasswordSignInForm } from './password-sign-in-form';

// docs/decisions/111-the-drawn-sign-in-page-usable-before-its-script.md
describe('the sign-in form drawn in the HTML', () => {
  it('keeps what was typed before it was hydrated, and signs in with exactly that', async () => {
    const onSubmit = vi.fn();
    const form = (action: { isPending: boolean; error: unknown }) => <PasswordSignInForm action={action} onSubmit={onSubmit} />;
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(form({ isPending: false, error: null }));
    // Typed into the page as the HTML drew it, before any script ran.
    const email = screen.getByLabelText<HTMLInputElement>('Email');
    const password = screen.getByLabelText<HTMLInputElement>('Password');
    email.value = 'ann@example.com';
    password.value = 'typed before';

    const { rerender } = render(form({ isPending: false, error: null }), { container, hydrate: true });
    // The page draws again (a message beside a field): the typed text stays.
    rerender(form({ isPending: false, error: new ApiRequestError(422, { message: 'The given data was invalid.', errors: { email: ['Check this email.'] } }) }));
    expect(screen.getByText('Check this email.')).toBeVisible();
    expect(email).toHaveValue('ann@example.com');
    expect(password).toHaveValue('typed before');

    const user = userEvent.setup();
    await user.type(password, '!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ email: 'ann@example.com', password: 'typed before!' });
  });

  it('is a POST form, so that a send with no script never puts the password in the address', () => {
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(<PasswordSignInForm action={{ isPending: false, error: null }} onSubmit={vi.fn()} />);
    expect(container.querySelector('form')?.method).toBe('post');
  });
});
