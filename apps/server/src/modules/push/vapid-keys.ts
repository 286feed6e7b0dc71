import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { vapidKeys } from '../../db/schema';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The key pair every push is signed with. Configured keys win; otherwise the pair kept in the
 * database, created by whichever process asks first (the insert ignores a concurrent winner's row,
 * and everyone then reads the one row). Changing keys would orphan every subscription, so they are
 * never regenerated.
 */
export function vapidKeyStore(db: Db, config: Config): () => Promise<VapidKeys> {
  let cached: Promise<VapidKeys> | null = null;
  const load = async (): Promise<VapidKeys> => {
    if (config.push.vapidKeys) return config.push.vapidKeys;
    const stored = await read(db);
    if (stored) return stored;
    const fresh = webpush.generateVAPIDKeys();
    await db
      .insert(vapidKeys)
      .values({ id: 1, ...fresh })
      .onConflictDoNothing();
    const kept = await read(db);
    if (!kept) throw new Error('VAPID keys could not be stored');
    return kept;
  };
  return () => {
    cached ??= load().catch((err: unknown) => {
      cached = null;
      throw err;
    });
    return cached;
  };
}

async function read(db: Db): Promise<VapidKeys | null> {
  const [row] = await db
    .select({ publicKey: vapidKeys.publicKey, privateKey: vapidKeys.privateKey })
    .from(vapidKeys)
    .where(eq(vapidKeys.id, 1));
  return row ?? null;
}
