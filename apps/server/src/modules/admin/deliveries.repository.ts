import { DELIVERY_PREVIEW_CHARS, type DeliveryChannel, type DeliveryStatus } from '@grip/domain';
import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import { isSecretTopicSql } from '../../jobs/outbox';

/**
 * The readable parts of a payload, by channel: email {subject, text, link?}, sms {text, link?},
 * push {title, body, url, tag?}. Read with ->> so a row whose payload lacks a field (or is not an
 * object) reads as null instead of failing the page.
 */
const summarySql = sql<string | null>`case ${outbox.channel}
  when 'email' then ${outbox.payload}->>'subject'
  when 'push' then ${outbox.payload}->>'title'
  else ${outbox.payload}->>'text' end`;
// A message with a secret (a reset or confirmation link) never leaves the database through here,
// whatever its status: its text and link read as null (docs/decisions/020).
const textSql = sql<string | null>`case when ${isSecretTopicSql} then null
  when ${outbox.channel} = 'push' then ${outbox.payload}->>'body'
  else ${outbox.payload}->>'text' end`;
const linkSql = sql<string | null>`case when ${isSecretTopicSql} then null
  when ${outbox.channel} = 'push' then ${outbox.payload}->>'url'
  else ${outbox.payload}->>'link' end`;

const SUMMARY_CHARS = 200;

function columns(textChars: number | null) {
  return {
    id: outbox.id,
    channel: outbox.channel,
    topic: outbox.topic,
    recipient: outbox.recipient,
    summary: sql<string | null>`left(${summarySql}, ${SUMMARY_CHARS})`,
    text: textChars === null ? textSql : sql<string | null>`left(${textSql}, ${textChars})`,
    // Counted in SQL: the database's characters are code points, JavaScript's length is not.
    isTextTruncated:
      textChars === null
        ? sql<boolean>`false`
        : sql<boolean>`coalesce(char_length(${textSql}) > ${textChars}, false)`,
    link: linkSql,
    isRedacted: sql<boolean>`${isSecretTopicSql}`,
    status: outbox.status,
    attempts: outbox.attempts,
    lastError: outbox.lastError,
    createdAt: outbox.createdAt,
    sentAt: outbox.sentAt,
  };
}

export interface DeliveryRow {
  id: number;
  channel: DeliveryChannel;
  topic: string;
  recipient: string;
  summary: string | null;
  text: string | null;
  isTextTruncated: boolean;
  link: string | null;
  isRedacted: boolean;
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

export interface DeliveryFilter {
  channel?: DeliveryChannel;
  status?: DeliveryStatus;
  /** Only deliveries older than this id (the last one of the previous page). */
  beforeId?: number;
}

/**
 * Newest first by id (ids only grow, so this is creation order), walking the primary key backwards:
 * a page is an index range scan from the cursor, never an offset. Texts are cut to the preview length
 * in SQL so a page never carries whole emails.
 */
export async function listDeliveries(db: Db, filter: DeliveryFilter, limit: number): Promise<DeliveryRow[]> {
  const where: (SQL | undefined)[] = [
    filter.channel ? eq(outbox.channel, filter.channel) : undefined,
    filter.status ? eq(outbox.status, filter.status) : undefined,
    filter.beforeId !== undefined ? lt(outbox.id, filter.beforeId) : undefined,
  ];
  return db
    .select(columns(DELIVERY_PREVIEW_CHARS))
    .from(outbox)
    .where(and(...where))
    .orderBy(desc(outbox.id))
    .limit(limit);
}

export async function findDelivery(db: Db, id: number): Promise<DeliveryRow | null> {
  const [row] = await db.select(columns(null)).from(outbox).where(eq(outbox.id, id)).limit(1);
  return row ?? null;
}
