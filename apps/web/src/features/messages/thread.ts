import {
  formatCurrency,
  formatDate,
  formatTime,
  type ConversationMessage,
  type ConversationSummary,
  type MessagePage,
} from '@grip/domain';
import type { InfiniteData } from '@tanstack/react-query';

export type MessagePages = InfiniteData<MessagePage, string | null>;

/**
 * The thread oldest first: the infinite query holds the newest page first and older pages after it,
 * each oldest first. A message can sit in two pages for a moment (a sent one appended locally while a
 * poll brings it too), so ids are kept once.
 */
export function threadMessages(data: { pages: readonly MessagePage[] } | undefined): ConversationMessage[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: ConversationMessage[] = [];
  for (const page of [...data.pages].reverse()) {
    for (const message of page.items) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      out.push(message);
    }
  }
  return out;
}

/** The stored message added to the newest page (the cache after a send), unless a poll already has it. */
export function withSentMessage(data: MessagePages | undefined, message: ConversationMessage) {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.items.some((item) => item.id === message.id))) return data;
  const [newest, ...older] = data.pages;
  return { ...data, pages: [{ ...newest!, items: [...newest!.items, message] }, ...older] };
}

/** The local calendar day of an instant, for day separators. */
export function dayKey(iso: string): string {
  const at = new Date(iso);
  return `${at.getFullYear()}-${at.getMonth()}-${at.getDate()}`;
}

/** 'Today', 'Yesterday' or 'MMM d, yyyy'. */
export function dayLabel(iso: string, now: Date): string {
  const key = dayKey(iso);
  if (key === dayKey(now.toISOString())) return 'Today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (key === dayKey(yesterday.toISOString())) return 'Yesterday';
  return formatDate(new Date(iso));
}

/** '3:05 pm' in the viewer's clock and the platform's locale. */
export function messageTime(iso: string): string {
  return formatTime(new Date(iso));
}

/** The quote with '/hr' for hourly prices. */
export function quoteLabel(quotedPrice: string, priceType: string): string {
  return `${formatCurrency(quotedPrice)}${priceType === 'hourly' ? '/hr' : ''}`;
}

/** The list's preview line: 'You: ' before my own message; an image-only message says so. */
export function lastMessagePreview(lastMessage: ConversationSummary['lastMessage']): string {
  if (!lastMessage) return 'No messages yet';
  const text = lastMessage.message.trim() || 'Sent an image';
  return lastMessage.fromMe ? `You: ${text}` : text;
}

/**
 * A v4 UUID for a message's clientId. crypto.randomUUID only exists in secure contexts, and a
 * self-hosted Grip may be opened over plain http on a local network, so fall back to random bytes.
 */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
