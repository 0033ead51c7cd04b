import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import { createServer } from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/suite';
import { parseEnv } from '../../env';
import { passwordlessEmail } from '../../modules/auth/passwordless-email';
import { createUser, postJson } from '../../../test/sign-in';
import { escapeHtml, html, textOn } from './html';
import { createMailer } from './mailer';
import { parseMail, startTestSmtpServer } from '../../../test/smtp-server';

function fakeLog() {
  const log = { info: vi.fn(), error: vi.fn(), warn: vi.fn(), debug: vi.fn(), child: vi.fn() };
  return log as typeof log & FastifyBaseLogger;
}

describe('html', () => {
  it('escapes every interpolated value, and only once', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
    const name = '<script>alert(1)</script>';
    const inner = html`<b>${name}</b>`;
    expect(html`<p>${inner} ${[html`<i>${'&'}</i>`, '<u>']}</p>`.value).toBe('<p><b>&lt;script&gt;alert(1)&lt;/script&gt;</b> <i>&amp;</i>&lt;u&gt;</p>');
  });

  it('picks black or white text for a colour', () => {
    expect(textOn('#2aa21d')).toBe('#000000');
    expect(textOn('#1d4ed8')).toBe('#ffffff');
    expect(textOn('#ffffff')).toBe('#000000');
  });

  it('escapes names in the sign-in message and falls back to the default colour for a bad one', () => {
    const message = passwordlessEmail({
      to: 'a@example.com',
      firstName: '<img src=x onerror=alert(1)>',
      link: 'http://portal.test/auth/passwordless/login?token=1.abc&email=a%40example.com',
      code: '012345',
      brand: { code: 'evil', companyName: 'Evil "Co" <b>', color: 'red;background:url(x)' },
    });
    expect(message.html).not.toContain('<img');
    expect(message.html).not.toContain('<b>');
    expect(message.html).toContain('Evil &quot;Co&quot; &lt;b&gt;');
    expect(message.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(message.html).toContain('href="http://portal.test/auth/passwordless/login?token=1.abc&amp;email=a%40example.com"');
    expect(message.html).toContain('background:#2aa21d');
    expect(message.html).not.toContain('url(x)');
    // The text part is plain text: nothing to escape, everything readable.
    expect(message.text).toContain('Hello <img src=x onerror=alert(1)>,');
    expect(message.text).toContain('012345');
    expect(message.subject).toBe('Sign in to Project portal – Evil "Co" <b>');
  });
});

describe('configuration', () => {
  it('takes SMTP_URL (smtp:// or smtps://), MAIL_FROM, AUTH_SECRET and RATE_LIMIT_MULTIPLIER, with defaults', () => {
    const env = parseEnv({});
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MAIL_FROM).toBe('Project portal <no-reply@localhost>');
    expect(env.AUTH_SECRET).toBeUndefined();
    expect(parseEnv({ SMTP_URL: 'smtps://u:p@mail.example.com:465' }).SMTP_URL).toBe('smtps://u:p@mail.example.com:465');
    expect(() => parseEnv({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => parseEnv({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
    expect(env.RATE_LIMIT_MULTIPLIER).toBe(1);
    expect(parseEnv({ RATE_LIMIT_MULTIPLIER: '50' }).RATE_LIMIT_MULTIPLIER).toBe(50);
    expect(() => parseEnv({ RATE_LIMIT_MULTIPLIER: '0' })).toThrow(/RATE_LIMIT_MULTIPLIER/);
  });
});

describe('the mailer', () => {
  it('sends a message through SMTP with both parts', async () => {
    const smtp = await startTestSmtpServer();
    const log = fakeLog();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Portal <portal@example.com>', outboxDir: '/nonexistent', log });
    try {
      const sent = await mailer.send({ to: 'x@example.com', subject: 'Hello – there', text: 'plain body', html: '<p>html body</p>' });
      expect(sent.via).toBe('smtp');
      const mail = await smtp.waitFor((message) => message.to.includes('x@example.com'));
      expect(mail.subject).toBe('Hello – there');
      expect(mail.text?.trim()).toBe('plain body');
      expect(mail.html?.trim()).toBe('<p>html body</p>');
      expect(mail.from).toBe('portal@example.com');
      expect(log.info).toHaveBeenCalledWith(expect.objectContaining({ event: 'mail.sent', to: '***@example.com' }), 'mail sent');
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('logs a failed background send and carries on', async () => {
    // A port nothing listens on.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const log = fakeLog();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'p@example.com', outboxDir: '/nonexistent', log });
    mailer.sendInBackground({ to: 'x@example.com', subject: 's', text: 't', html: '<p>h</p>', outboxNote: { message: 'secret link', link: 'L' } });
    await mailer.idle();
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ event: 'mail.failed', to: '***@example.com' }), 'mail could not be sent');
    // Over SMTP the outbox note (a sign-in link) is never logged.
    expect(JSON.stringify([log.info.mock.calls, log.error.mock.calls])).not.toContain('secret link');
    await mailer.close();
  });
});

describe('background mail', () => {
  it('composes a message given as a function only after the caller has moved on, and still sends it', async () => {
    const log = fakeLog();
    const outboxDir = await mkdtemp(path.join(os.tmpdir(), 'portal-mail-later-'));
    const mailer = createMailer({ from: 'p@example.com', outboxDir, log });
    const compose = vi.fn(() => ({ to: 'later@example.com', subject: 'Composed later', text: 't', html: '<p>h</p>' }));
    mailer.sendInBackground(compose);
    // Nothing of the message is built while the caller (a route about to answer) still runs.
    expect(compose).not.toHaveBeenCalled();
    await mailer.idle();
    expect(compose).toHaveBeenCalledTimes(1);
    expect(await readdir(outboxDir)).toHaveLength(1);
    await mailer.close();
    await rm(outboxDir, { recursive: true, force: true });
  });
});

describe('the outbox (no SMTP_URL)', () => {
  const t = useTestApp();

  it('writes the sign-in message as an .eml file under DATA_DIR/outbox', async () => {
    expect(t.app.mailer.via).toBe('outbox');
    const user = await createUser(t.app);
    const response = await postJson(t.app, '/api/auth/passwordless', { email: user.email }, { ip: '198.51.100.7' });
    expect(response.statusCode).toBe(202);
    await t.app.mailer.idle();

    const outbox = path.join(t.dataDir, 'outbox');
    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{8}\.eml$/);
    const file = path.join(outbox, files[0]!);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const mail = parseMail(await readFile(file, 'utf8'), { from: '', to: [] });
    expect(mail.headers.to).toBe(user.email);
    expect(mail.subject).toBe('Sign in to Project portal');
    expect(mail.text).toMatch(/http:\/\/portal\.test\/auth\/passwordless\/login\?token=\d+\.[\w-]{43}&email=/);
    expect(mail.text).toMatch(/code on the sign-in page: \d{6}/);
    expect(mail.html).toContain('<!doctype html>');
  });

  it('logs the sign-in link of an outbox message (event mail.outbox) when asked to, outside production', async () => {
    const log = fakeLog();
    const mailer = createMailer({ from: 'p@example.com', outboxDir: path.join(t.dataDir, 'outbox-2'), log, logLinks: true });
    const sent = await mailer.send({
      to: 'x@example.com',
      subject: 'Sign in',
      text: 't',
      html: '<p>h</p>',
      outboxNote: { message: 'sign-in link for x@example.com: http://portal.test/l', link: 'http://portal.test/l' },
    });
    expect(sent.via).toBe('outbox');
    expect(log.info).toHaveBeenCalledWith(
      { event: 'mail.outbox', to: 'x@example.com', subject: 'Sign in', file: sent.file, link: 'http://portal.test/l' },
      'sign-in link for x@example.com: http://portal.test/l',
    );
    await mailer.close();
  });

  it('logs no link when not asked to (NODE_ENV=production): only that a message was written', async () => {
    const log = fakeLog();
    const mailer = createMailer({ from: 'p@example.com', outboxDir: path.join(t.dataDir, 'outbox-3'), log });
    const sent = await mailer.send({
      to: 'x@example.com',
      subject: 'Sign in',
      text: 't',
      html: '<p>h</p>',
      outboxNote: { message: 'sign-in link for x@example.com: http://portal.test/l', link: 'http://portal.test/l' },
    });
    expect(log.info).toHaveBeenCalledWith({ event: 'mail.outbox', to: 'x@example.com', subject: 'Sign in', file: sent.file }, `mail written to ${sent.file}`);
    expect(JSON.stringify(vi.mocked(log.info).mock.calls)).not.toContain('portal.test/l');
    await mailer.close();
  });
});
