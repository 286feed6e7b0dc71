import type { SmsProviderConfig } from '../config';
import { PermanentDeliveryError, type Sender } from './outbox';

export type SmsPayload = {
  text: string;
  /** The screen the text is about, a path in the app: sent as an absolute link after the text. */
  link?: string;
};

const SMS_TIMEOUT_MS = 15_000;

/**
 * A text through the configured HTTP provider. Twilio: its Messages API (form-encoded, basic auth).
 * Webhook: POST {to, from, text} as JSON with a bearer token, for any gateway that accepts that.
 * A 4xx other than 408/429 means the provider refused this message (an invalid number, say): it
 * fails at once; anything else is retried by the outbox.
 */
export function createSmsSender(provider: SmsProviderConfig, publicUrl: string): Sender {
  return async (row) => {
    const text = smsBody(row.payload as SmsPayload, publicUrl);
    const response =
      provider.kind === 'twilio'
        ? await fetch(
            `${provider.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(provider.accountSid)}/Messages.json`,
            {
              method: 'POST',
              headers: {
                authorization: `Basic ${Buffer.from(`${provider.accountSid}:${provider.authToken}`).toString('base64')}`,
                'content-type': 'application/x-www-form-urlencoded',
              },
              body: new URLSearchParams({ To: row.recipient, From: provider.from, Body: text }),
              signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
            },
          )
        : await fetch(provider.url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(provider.token ? { authorization: `Bearer ${provider.token}` } : {}),
            },
            body: JSON.stringify({ to: row.recipient, from: provider.from ?? null, text }),
            signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
          });
    const detail = (await response.text().catch(() => '')).slice(0, 200);
    if (response.ok) return 'sent';
    const message = `SMS provider answered ${response.status}${detail ? `: ${detail}` : ''}`;
    const retry = response.status === 408 || response.status === 429 || response.status >= 500;
    throw retry ? new Error(message) : new PermanentDeliveryError(message);
  };
}

/** The text as sent: the words, then the link to the screen on this server. */
export function smsBody(payload: SmsPayload, publicUrl: string): string {
  return payload.link ? `${payload.text} ${publicUrl}${payload.link}` : payload.text;
}
