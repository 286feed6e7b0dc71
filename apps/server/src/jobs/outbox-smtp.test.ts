import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../test/smtp-inbox';
import { createTestApp, type TestApp } from '../test/test-app';
import { enqueue } from './outbox';
import { emailHtml } from './senders';

/** A real SMTP server on loopback, receiving what the app's outbox worker sends. */
let smtp: SmtpInbox;
let inbox: ReceivedMail[];
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpInbox();
  inbox = smtp.mails;
  t = await createTestApp({ SMTP_URL: smtp.url });
  await t.app.ready();
  await t.app.grip.outbox.stop(); // driven by hand below
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

interface MimePart {
  contentType: string;
  body: string;
}

/** The leaf parts of a raw MIME message, bodies decoded (quoted-printable or base64). */
function mimeParts(raw: string): MimePart[] {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\r\n\r\n');
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const contentType =
    /^content-type:\s*([^;\r\n]+)/im.exec(headers)?.[1]?.trim().toLowerCase() ?? 'text/plain';
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (contentType.startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((p) => !p.startsWith('--'))
      .flatMap((p) => mimeParts(p.replace(/^\r?\n/, '')));
  }
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  const decoded =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body
              .replace(/=\r?\n/g, '')
              .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8')
        : body;
  return [{ contentType, body: decoded }];
}

describe('email through the outbox and real SMTP', () => {
  it('arrives once with a text part and an HTML part, both carrying the link to the screen', async () => {
    const link =
      'http://localhost:3000/business-confirmed?job=1b0e5d1a-0000-4000-8000-000000000001&tab=notes';
    await enqueue(t.db, {
      channel: 'email',
      topic: 'job_details',
      recipient: 'owner@example.com',
      payload: {
        subject: 'Job details: Fix <the> sink',
        text: `Fix <the> sink & tap — "urgent"\n\nPrice: $180.00\nWhen: tomorrow\n\nOpen the job in Grip: ${link}`,
        link,
      },
    });
    expect(await t.app.grip.outbox.runOnce()).toBe(1);
    expect(await t.app.grip.outbox.runOnce()).toBe(0);

    const mails = inbox.filter((m) => m.to.includes('owner@example.com'));
    expect(mails).toHaveLength(1);
    const parts = mimeParts(mails[0]!.raw);
    expect(parts.map((p) => p.contentType).sort()).toEqual(['text/html', 'text/plain']);
    const text = parts.find((p) => p.contentType === 'text/plain')!.body;
    const html = parts.find((p) => p.contentType === 'text/html')!.body;

    expect(text).toContain(`Open the job in Grip: ${link}`);
    expect(text).toContain('Fix <the> sink & tap');
    const hrefs = [...html.matchAll(/<a href="([^"]+)"[^>]*>([^<]*)<\/a>/g)].map((m) => ({
      href: m[1]!.replace(/&amp;/g, '&'),
      label: m[2],
    }));
    expect(hrefs).toContainEqual({ href: link, label: 'Open in Grip' });
    expect(html).toContain('Fix &lt;the&gt; sink &amp; tap — &quot;urgent&quot;');
    expect(html).toContain('Price: $180.00<br>');
    expect(html).not.toMatch(/<the>|src=|<link|<script/i);

    const [row] = await t.db.select().from(outbox).where(eq(outbox.recipient, 'owner@example.com'));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    // The delivery's own Message-ID: a second try of the same row would carry the same one.
    expect(mails[0]!.raw).toMatch(new RegExp(`^Message-ID: <outbox-${row!.id}@[^>]+>\\r?$`, 'im'));
  });

  it('sends rows enqueued before the HTML part existed ({subject, text} only) with an HTML part too', async () => {
    await enqueue(t.db, {
      channel: 'email',
      topic: 'legacy',
      recipient: 'legacy@example.com',
      payload: { subject: 'Hello', text: 'Line one\nline two' },
    });
    expect(await t.app.grip.outbox.runOnce()).toBe(1);
    const mail = inbox.find((m) => m.to.includes('legacy@example.com'))!;
    const html = mimeParts(mail.raw).find((p) => p.contentType === 'text/html')!.body;
    expect(html).toContain('Line one<br>');
    expect(html).not.toContain('Open in Grip');
  });
});

describe('emailHtml', () => {
  it('makes only http(s) links clickable and escapes everything else', () => {
    const html = emailHtml({
      subject: '<s>',
      text: 'Click javascript:alert(1)',
      link: 'javascript:alert(1)',
    });
    expect(html).not.toContain('<a ');
    expect(html).toContain('<title>&lt;s&gt;</title>');
  });

  it('turns the link where the text shows it into an anchor and adds the button', () => {
    const link = 'https://grip.example/requests?id=1&x="y"';
    const html = emailHtml({ subject: 's', text: `See: ${link}`, link }, 'Acme');
    const escaped = 'https://grip.example/requests?id=1&amp;x=&quot;y&quot;';
    expect(html).toContain(`See: <a href="${escaped}"`);
    expect(html).toContain('>Open in Acme</a>');
  });
});
