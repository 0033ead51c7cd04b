import { STAFF_TOKEN_STORAGE_KEY } from '@portal/contract/constants';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { companyCommand } from './company-cli';
import { newPage } from './page';
import type { TestSmtpServer } from '../../apps/server/test/smtp-server';
import { recordSecret } from './run-log';

interface Server {
  url: string;
  dataDir: string;
}

export interface CreatedCompany {
  /** The company's API key, every scope. */
  apiKey: string;
  /** The first owner's invitation link, as `create-company` printed it. */
  invitation: string;
  ownerEmail: string;
}

/** A company as the operator takes it on with `create-company` (docs/company-api.md): its key and the owner's link. */
export async function createCompany(
  server: Server,
  options: { name: string; ownerEmail: string; ownerName?: string; themeCode?: string; color?: string },
): Promise<CreatedCompany> {
  // The command needs the owner's name (customers see it); a test that does not care gets one made from the company's.
  const args = ['create-company', '--name', options.name, '--owner-email', options.ownerEmail, '--owner-name', options.ownerName ?? `${options.name} Owner`];
  if (options.themeCode) args.push('--theme-code', options.themeCode);
  if (options.color) args.push('--color', options.color);
  const printed = await companyCommand(server, args);
  const apiKey = /ppk_\S+/.exec(printed)?.[0];
  const invitation = /^(http\S+\/staff\/invitation\?token=\S+)$/m.exec(printed)?.[1];
  if (!apiKey || !invitation) throw new Error(`create-company printed no key or link:\n${printed}`);
  recordSecret("a company's API key", apiKey);
  recordSecret("an owner's invitation token", new URL(invitation).searchParams.get('token'));
  return { apiKey, invitation, ownerEmail: options.ownerEmail };
}

/** Spends a staff invitation link through the API (the page itself is tested in staff.e2e.ts): the member's console token. */
export async function acceptStaffInvitation(server: Server, invitation: string, password: string): Promise<string> {
  const token = new URL(invitation).searchParams.get('token');
  const response = await fetch(`${server.url}/api/staff/auth/invitation`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token, password }),
  });
  if (!response.ok) throw new Error(`The invitation was refused: ${response.status} ${await response.text()}`);
  const session = ((await response.json()) as { token: string }).token;
  recordSecret("a staff member's session token", session);
  recordSecret("a staff member's password", password);
  return session;
}

/** A browser page already signed in to the console with `token` (kept where the console keeps it). */
export async function staffPage(browser: Browser, server: Server, token: string, options: { width?: number; height?: number } = {}) {
  const opened = await newPage(browser, { ...options, baseURL: server.url });
  await opened.context.addInitScript(
    ([key, value]) => {
      // Once per tab: a sign-out in the test stays signed out across reloads.
      if (window.sessionStorage.getItem('e2e-staff-token-set')) return;
      window.sessionStorage.setItem('e2e-staff-token-set', '1');
      window.localStorage.setItem(key, value);
    },
    [STAFF_TOKEN_STORAGE_KEY, token] as const,
  );
  return opened;
}

/** A call of the company API with the company's key, for setting up what a test needs (not what it tests). */
export async function companyApi<T = unknown>(server: Server, apiKey: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/api/integration${path}`, {
    method,
    headers: { Authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** A file as a test hands it to the page (bytes in base64, to cross into the browser). */
export interface DroppedFile {
  name: string;
  type: string;
  base64: string;
}

/** A small JPEG of its own colour for each index, as a photo to upload. */
export async function testJpeg(index: number): Promise<string> {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: (index * 47) % 256, g: (index * 89) % 256, b: 160 } } })
    .jpeg()
    .toBuffer();
  return bytes.toString('base64');
}

/** Drops files on an album's upload area as a browser does: dragenter, dragover, drop, the files in a DataTransfer. */
export async function dropPhotos(page: Page, files: DroppedFile[]) {
  const zone = page.getByRole('group', { name: /Drop photos here/ });
  const dataTransfer = await page.evaluateHandle((list: DroppedFile[]) => {
    const transfer = new DataTransfer();
    for (const file of list) transfer.items.add(new File([Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0))], file.name, { type: file.type }));
    return transfer;
  }, files);
  for (const type of ['dragenter', 'dragover', 'drop']) await zone.dispatchEvent(type, { dataTransfer });
}

/** The customer most journeys share their project with. */
export const ANN = { email: 'ann@smith.example', first_name: 'Ann', last_name: 'Smith' };

/**
 * A customer of the company's, the project shared with them, invited by email and signed in through the link the
 * email carries (the invitation page itself is tested in onboarding.e2e.ts): their portal session and the project's
 * entity, as the portal addresses it.
 */
export async function invitedCustomer(
  server: Server,
  smtp: Pick<TestSmtpServer, 'waitFor'>,
  apiKey: string,
  projectId: number,
  person: { email: string; first_name: string; last_name: string } = ANN,
): Promise<{ id: number; token: string; entityId: number }> {
  const customer = await companyApi<{ id: number }>(server, apiKey, 'POST', '/portal-users', person);
  await companyApi(server, apiKey, 'POST', `/projects/${projectId}/shares`, { portal_user_id: customer.id });
  await companyApi(server, apiKey, 'POST', `/portal-users/${customer.id}/invite`, {});
  const mail = await smtp.waitFor((message) => message.to.includes(person.email) && /invites you/.test(message.subject ?? ''));
  const link = new URL(/(https?:\/\/\S+\/invitation\?\S+)/.exec(mail.text ?? '')![1]!);
  const accepted = await fetch(`${server.url}/api/auth/invitation`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: link.searchParams.get('token') }),
  });
  if (!accepted.ok) throw new Error(`The invitation was refused: ${accepted.status} ${await accepted.text()}`);
  const token = ((await accepted.json()) as { token: string }).token;
  recordSecret("a customer's session token", token);
  const entities = await fetch(`${server.url}/api/entities`, { headers: { Authorization: `Bearer ${token}` } });
  const entity = ((await entities.json()) as { data: { id: number; model_id: number }[] }).data.find((each) => each.model_id === projectId);
  if (!entity) throw new Error(`The customer does not see project ${projectId}`);
  return { id: customer.id, token, entityId: entity.id };
}
