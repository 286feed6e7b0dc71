import { PRODUCT_NAME } from '@grip/domain';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import { PermanentDeliveryError, type EmailPayload, type OutboxChannel, type Sender } from './outbox';
import { createSmsSender, smsBody, type SmsPayload } from './sms-sender';

/**
 * Delivery per channel. Email goes through SMTP when SMTP_URL is set; otherwise the message is kept
 * in the outbox as 'logged' (administrators can read it, a reset or confirmation email's text and link
 * aside: decision 020) and its link printed, so development works
 * with no mail server. SMS goes through Twilio or a webhook when configured, else is logged the same
 * way. Web push needs no provider: the browser's push service is the provider; its sender belongs to
 * the push module (modules/push/push-sender.ts) and is handed in by the composition root. Without it
 * (the outbox tests' own workers, which send email only) a push fails at once.
 */
export function createSenders(
  config: Config,
  log: FastifyBaseLogger,
  push: Sender = noPushSender,
): Record<OutboxChannel, Sender> {
  const transport = config.smtpUrl ? nodemailer.createTransport(smtpOptions(config.smtpUrl)) : null;
  const logSms: Sender = async (row) => {
    const text = smsBody(row.payload as SmsPayload, config.publicUrl);
    log.info({ to: row.recipient, topic: row.topic }, `SMS not sent (no SMS provider configured): ${text}`);
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
        // One id per delivery, the same on every try: a mail server or client that is handed the
        // same delivery twice can tell, and so can the scale suite's check that none was.
        messageId: `<outbox-${row.id}@${new URL(config.publicUrl).hostname}>`,
        from: config.mailFrom,
        to: row.recipient,
        subject: payload.subject,
        text: payload.text,
        html: emailHtml(payload),
      });
      return 'sent';
    },
    sms: config.sms ? createSmsSender(config.sms, config.publicUrl) : logSms,
    push,
  };
}

const noPushSender: Sender = async () => {
  throw new PermanentDeliveryError('web push is not set up in this process');
};

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Only web links become anchors: a payload is data, never markup or a javascript: URL. */
function safeLink(link: string | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? link : null;
  } catch {
    return null;
  }
}

/**
 * The HTML part of an email, built from the same payload as the text part ({subject, text, link?},
 * as enqueued by every version): the text escaped, blank lines as paragraphs, single line breaks as
 * <br>, the link clickable where the text shows it and as an 'Open in Grip' button below. Inline
 * styles only and no external assets, so mail clients show it as written.
 */
export function emailHtml(payload: EmailPayload, productName: string = PRODUCT_NAME): string {
  const link = safeLink(payload.link);
  const anchor = (label: string) =>
    `<a href="${escapeHtml(link!)}" style="color:#0f766e;text-decoration:underline;">${label}</a>`;
  const paragraphs = payload.text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      let html = escapeHtml(p);
      if (link) html = html.split(escapeHtml(link)).join(anchor(escapeHtml(link)));
      html = html.replace(/\n/g, '<br>\n');
      return `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2937;">${html}</p>`;
    })
    .join('\n');
  const button = link
    ? `<p style="margin:24px 0 16px;"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#0f766e;color:#ffffff;font-size:16px;font-weight:600;text-decoration:none;">Open in ${escapeHtml(productName)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(payload.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;">
<div style="max-width:560px;margin:0 auto;padding:24px;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">
<div style="background:#ffffff;border-radius:8px;padding:24px;">
<p style="margin:0 0 16px;font-size:20px;font-weight:700;color:#0f766e;">${escapeHtml(productName)}</p>
${paragraphs}
${button}
</div>
</div>
</body>
</html>
`;
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
