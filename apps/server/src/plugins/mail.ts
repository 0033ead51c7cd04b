import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer, type MailerOptions } from '../core/mail/mailer';

export const mailerPlugin = fp(
  async (app: FastifyInstance, options: Omit<MailerOptions, 'log'> & { mailer?: Mailer }) => {
    const mailer = options.mailer ?? createMailer({ ...options, log: app.log });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => {
      await mailer.close();
    });
  },
  { name: 'mailer' },
);
