import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer, type MailerOptions } from '../core/mail/mailer';
import { createNotices } from '../core/mail/notices';
import { loadSecret } from '../lib/secret-file';
import { unsubscribeTokens } from '../lib/unsubscribe-tokens';

export interface MailerPluginOptions extends Omit<MailerOptions, 'log'> {
  mailer?: Mailer;
  /** Where notices link to (the portal's address). */
  publicUrl: string;
  /** The key unsubscribe links are signed with: AUTH_SECRET, or the generated DATA_DIR/auth-secret. */
  authSecret?: string | undefined;
  dataDir: string;
}

export const mailerPlugin = fp(
  async (app: FastifyInstance, options: MailerPluginOptions) => {
    const { mailer: given, publicUrl, authSecret, dataDir, ...mailerOptions } = options;
    const mailer = given ?? createMailer({ ...mailerOptions, log: app.log });
    app.decorate('mailer', mailer);
    app.metrics.gauge('portal_email_queue_depth', 'Emails handed off and not yet taken by the SMTP server (or the outbox folder).', () => mailer.queued());
    const key = await loadSecret({ secret: authSecret, dataDir, name: 'auth-secret' });
    app.decorate('notices', createNotices({ db: app.database.db, mailer, publicUrl, tokens: unsubscribeTokens(key) }));
    app.addHook('onClose', async () => {
      await mailer.close();
    });
  },
  { name: 'mailer', dependencies: ['db', 'metrics'] },
);
