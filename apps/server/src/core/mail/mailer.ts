import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra header fields (List-Unsubscribe on notices); names and values are ours, never typed by a user. */
  headers?: Record<string, string>;
  /** Files made by the server (an `.ics` of a visit), never a user's upload. */
  attachments?: MailAttachment[];
  /**
   * Logged (info, event 'mail.outbox') only when the message goes to the outbox because no SMTP is
   * configured, so the demo can sign in by email with nothing installed. Never logged over SMTP.
   */
  outboxNote?: { message: string; link?: string };
}

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface SentMail {
  via: 'smtp' | 'outbox';
  messageId: string;
  /** The .eml file, for the outbox. */
  file?: string;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL; nodemailer options may ride along as query parameters (`?ignoreTLS=true`). */
  smtpUrl?: string | undefined;
  from: string;
  /** Where messages go without SMTP: DATA_DIR/outbox. */
  outboxDir: string;
  /**
   * Without SMTP, also log the sign-in links a message carries, so a developer can sign in from the
   * terminal. Never in production: anyone who reads the log could sign in as anyone.
   */
  logLinks?: boolean;
  log: FastifyBaseLogger;
}

/** The side of an HTTP response sendAfterAnswer waits on (a ServerResponse, or the test injector's). */
export interface AnsweredResponse {
  readonly writableEnded: boolean;
  readonly destroyed: boolean;
  once(event: 'finish' | 'close', listener: () => void): unknown;
}

export interface Mailer {
  readonly via: 'smtp' | 'outbox';
  /** Sends one message and waits for the SMTP server (or the disk) to take it. */
  send(message: MailMessage): Promise<SentMail>;
  /**
   * Sends without making the caller wait, so an answer takes as long whether or not a message went
   * out; a failure is logged (event 'mail.failed'). The app waits for these before it closes.
   * Given a function, the message is even composed after the caller's answer has left: a route that
   * emails some callers and not others then does the same work for both before it answers.
   */
  sendInBackground(message: MailMessage | (() => MailMessage), log?: FastifyBaseLogger): void;
  /**
   * As sendInBackground, but nothing of it (not even the call) before `response` has been written out or its client
   * has gone: the next tick of sendInBackground may come before a reply whose hooks wait on I/O has left, so a route
   * that emails some callers and not others would still answer a little later for those it emails.
   */
  sendAfterAnswer(response: AnsweredResponse, message: () => MailMessage, log?: FastifyBaseLogger): void;
  /** Background sends not yet settled: the email queue's depth (metrics). */
  queued(): number;
  /** Resolves once every background send has settled. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Only the domain of an address reaches the log. */
const maskAddress = (address: string) => address.replace(/^[^@]*/, '***');

export function createMailer(options: MailerOptions): Mailer {
  const via = options.smtpUrl ? 'smtp' : 'outbox';
  const transport = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }, { from: options.from })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }, { from: options.from });
  const pending = new Set<Promise<unknown>>();

  async function send(message: MailMessage, log: FastifyBaseLogger = options.log): Promise<SentMail> {
    const { outboxNote, ...mail } = message;
    const info = await transport.sendMail(mail);
    if (via === 'smtp') {
      log.info({ event: 'mail.sent', to: maskAddress(message.to), subject: message.subject, messageId: info.messageId }, 'mail sent');
      return { via, messageId: info.messageId };
    }

    await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(options.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
    // The raw RFC 5322 message, as an SMTP server would have received it; opens in any mail client.
    await writeFile(file, (info as { message: Buffer }).message, { mode: 0o600 });
    const note = options.logLinks ? outboxNote : undefined;
    log.info(
      { event: 'mail.outbox', to: message.to, subject: message.subject, file, ...(note?.link ? { link: note.link } : {}) },
      note?.message ?? `mail written to ${file}`,
    );
    return { via, messageId: info.messageId, file };
  }

  return {
    via,
    send: (message) => send(message),
    sendInBackground(message, log = options.log) {
      let composed: MailMessage | null = null;
      const sending = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => send((composed = typeof message === 'function' ? message() : message), log))
        .catch((error: unknown) => {
          log.error(
            { event: 'mail.failed', to: composed ? maskAddress(composed.to) : null, subject: composed?.subject ?? null, err: error },
            'mail could not be sent',
          );
        });
      pending.add(sending);
      void sending.finally(() => pending.delete(sending));
    },
    sendAfterAnswer(response, message, log = options.log) {
      let started = false;
      const start = () => {
        if (started) return;
        started = true;
        this.sendInBackground(message, log);
      };
      if (response.writableEnded || response.destroyed) return start();
      response.once('finish', start);
      response.once('close', start);
    },
    queued: () => pending.size,
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    async close() {
      await this.idle();
      transport.close();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends email: SMTP when SMTP_URL is set, the DATA_DIR/outbox folder otherwise. */
    mailer: Mailer;
  }
}
