/** A portal user's name as others see it: first and last name, or the part of the address before the @. */
export function portalUserName(user: { first_name: string | null; last_name: string | null; email: string }): string {
  const name = [user.first_name, user.last_name]
    .filter((part) => part && part.trim())
    .join(' ')
    .trim();
  return name || user.email.replace(/@.*$/, '');
}
