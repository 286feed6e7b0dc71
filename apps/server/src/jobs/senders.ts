import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { EmailPayload, OutboxChannel, Sender } from './outbox';

/**
 * Delivery per channel. Email goes through SMTP when SMTP_URL is set; otherwise the message is kept
 * in the outbox as 'logged' and its link printed, so development works with no mail server.
 * SMS and push providers arrive with the notifications work; until then they are logged.
 */
export function createSenders(config: Config, log: FastifyBaseLogger): Record<OutboxChannel, Sender> {
  const transport = config.smtpUrl ? nodemailer.createTransport(smtpOptions(config.smtpUrl)) : null;
  const logOnly: Sender = async (row) => {
    log.info(
      { channel: row.channel, to: row.recipient, topic: row.topic },
      'delivery logged (no provider configured)',
    );
    return 'logged';
  };
  return {
    email: async (row) => {
      const payload = row.payload as EmailPayload;
      if (!transport) {
        log.info(
          { to: row.recipient, subject: payload.subject, link: payload.link },
          `email not sent (no SMTP_URL): ${payload.subject}${payload.link ? ` — ${payload.link}` : ''}`,
        );
        return 'logged';
      }
      await transport.sendMail({
        from: config.mailFrom,
        to: row.recipient,
        subject: payload.subject,
        text: payload.text,
      });
      return 'sent';
    },
    sms: logOnly,
    push: logOnly,
  };
}

/**
 * SMTP settings from SMTP_URL (smtp:// or smtps://user:pass@host:port), with timeouts well under the
 * outbox lease (5 min) so a stuck mail server cannot outlive a claim.
 */
export function smtpOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
    // A local relay without TLS (e.g. the test server) is fine; remote servers upgrade when offered.
    ignoreTLS: url.searchParams.get('ignoreTLS') === 'true',
  };
}
