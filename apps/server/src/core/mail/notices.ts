import { DEFAULT_PORTAL_COLOR } from '@portal/contract/constants';
import { NOTICE_KIND_LABELS, type NoticeKind } from '@portal/contract/notice-kinds';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import type { UnsubscribeTokens } from '../../lib/unsubscribe-tokens';
import { cssColor, html, layout, type SafeHtml } from './html';
import type { MailAttachment, Mailer } from './mailer';
import { noticesRepository, type NoticeRecipient } from './notices.repository';

export type { NoticeRecipient } from './notices.repository';

/** The company a notice comes from, as its builder may name it. */
export interface NoticeCompany {
  id: number;
  name: string;
  color: string | null;
  contact_email: string | null;
}

/** What one notice says; the service adds the company's frame, the unsubscribe links and headers. */
export interface NoticeContent {
  /** One line, already made header-safe (core/mail/text.ts `headerSafe`). */
  subject: string;
  /** The plain-text body, without a footer. */
  text: string;
  /** The same body as an `html` fragment (core/mail/html.ts), every value escaped by the tag. */
  html: SafeHtml;
  /** One sentence: why this person gets this email ("… because this project is shared with you."). */
  footer: string;
  /** Defaults to the company's contact address, so an answer reaches the company. */
  replyTo?: string | undefined;
  /** Files the server made for this notice (a visit's `.ics`). */
  attachments?: MailAttachment[] | undefined;
}

export interface NoticeEvent {
  kind: NoticeKind;
  /**
   * The record the event is about (the note, the invoice, the document, the album). Each recipient hears of a
   * (kind, recordId) once, ever: a retried or duplicated call sends nothing more, and neither does sharing the same
   * document again.
   */
  recordId: number;
  /**
   * Which change of the record this is (default 0): each recipient hears of a (kind, recordId, revision) once, so a
   * record that changes in a way the customer must hear again (a schedule item moved: its SEQUENCE) passes a new one.
   */
  revision?: number;
  /** The company doing it: its switch for the kind's area, its name and colour on the message. */
  companyId: number;
  /** The company's project the record belongs to: its customers are the recipients. */
  projectId: number;
  /** Builds one recipient's message (their own links: `recipient.entityId` is their entity for the project). */
  build: (recipient: NoticeRecipient, company: NoticeCompany) => NoticeContent;
}

/**
 * The one way a company-side action tells customers by email (docs/requirements.md 14 and 18.4):
 *
 *     await app.notices.send(request.log, {
 *       kind: 'invoice', recordId: invoice.id, companyId: company.id, projectId: invoice.project_id,
 *       build: (recipient, company) => ({ subject, text, html: html`…`, footer: '… because …' }),
 *     });
 *
 * Call it after the record is written (outside its transaction). It finds every portal user the project is shared
 * with, leaves out those who turned the kind off and everyone when the company's switch for the area is off, sends
 * each the message `build` makes for them in the background, with an unsubscribe link in the footer and the
 * List-Unsubscribe headers of RFC 8058. It never throws: a failure is logged, because the record is already written
 * and a 500 would only make a CRM retry it. Answers how many messages went out.
 */
export interface Notices {
  send(log: FastifyBaseLogger, event: NoticeEvent): Promise<number>;
  readonly tokens: UnsubscribeTokens;
}

export interface NoticesOptions {
  db: Executor;
  mailer: Mailer;
  publicUrl: string;
  tokens: UnsubscribeTokens;
}

export function createNotices(options: NoticesOptions): Notices {
  const repository = noticesRepository(options.db);
  const themed = (theme: string | null | undefined) => (theme ? `theme=${encodeURIComponent(theme)}` : '');
  const settingsUrl = (theme?: string | null) => `${options.publicUrl}/account/notifications${theme ? `?${themed(theme)}` : ''}`;
  const pageUrl = (token: string, theme?: string | null) =>
    `${options.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}${theme ? `&${themed(theme)}` : ''}`;
  // What a mail client POSTs to with `List-Unsubscribe=One-Click`: the API itself, no page or script in between.
  const oneClickUrl = (token: string) => `${options.publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;

  function compose(kind: NoticeKind, recipient: NoticeRecipient, company: NoticeCompany, theme: string | null, content: NoticeContent) {
    const token = options.tokens.make(recipient.portalUserId, kind);
    const page = pageUrl(token, theme);
    const settings = settingsUrl(theme);
    const about = NOTICE_KIND_LABELS[kind].label.toLowerCase();
    const stop = `Stop emails about ${about}`;
    const text = [content.text.replace(/\n+$/, ''), '', `– ${content.footer}`, '', `${stop}: ${page}`, `Choose which emails you get: ${settings}`, ''].join(
      '\n',
    );
    const footer = html`${content.footer}
      <p style="margin:8px 0 0">
        <a href="${page}" style="color:#475569">${stop}</a> · <a href="${settings}" style="color:#475569">Choose which emails you get</a>
      </p>`;
    const replyTo = content.replyTo ?? company.contact_email;
    return {
      to: recipient.email,
      ...(replyTo ? { replyTo } : {}),
      subject: content.subject,
      text,
      html: layout({ title: content.subject, brand: company.name, color: cssColor(company.color, DEFAULT_PORTAL_COLOR), body: content.html, footer }),
      headers: {
        'List-Unsubscribe': `<${oneClickUrl(token)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      ...(content.attachments ? { attachments: content.attachments } : {}),
    };
  }

  async function send(log: FastifyBaseLogger, event: NoticeEvent): Promise<number> {
    const { kind, recordId, companyId, projectId } = event;
    try {
      const row = await repository.company(companyId, kind);
      if (!row?.enabled) return 0;
      const company: NoticeCompany = { id: row.id, name: row.name, color: row.color, contact_email: row.contact_email };
      const recipients = await repository.recipients(companyId, projectId, kind);
      // Every message is made before any is claimed, so a builder that throws leaves the event still to tell.
      const messages = recipients.map((recipient) => ({ recipient, message: compose(kind, recipient, company, row.theme, event.build(recipient, company)) }));
      const claimed = await repository.claim(
        kind,
        recordId,
        event.revision ?? 0,
        companyId,
        recipients.map((recipient) => recipient.portalUserId),
      );
      let sent = 0;
      for (const { recipient, message } of messages) {
        // One entity per user and project (a unique index), so each claimed user is one message.
        if (!claimed.has(recipient.portalUserId)) continue;
        options.mailer.sendInBackground(message, log);
        sent += 1;
      }
      log.info({ event: 'notices.sent', kind, recordId, companyId, projectId, recipients: sent }, 'customers told');
      return sent;
    } catch (error) {
      log.error({ event: 'notices.failed', kind, recordId, companyId, projectId, err: error }, 'customers were not told');
      return 0;
    }
  }

  return {
    send,
    tokens: options.tokens,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Email notices to customers about what the company did (core/mail/notices.ts). */
    notices: Notices;
  }
}
