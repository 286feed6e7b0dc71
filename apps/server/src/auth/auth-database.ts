import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../db/client';

/**
 * The database as Better Auth and our auth hooks see it: one transaction per sign-up.
 *
 * Better Auth runs a sign-up (the account, its password, its session) in one transaction when its
 * adapter allows it, and calls our hooks in the middle (the profile is made in `user.create.after`,
 * suspension is checked in `session.create.before`). Those hooks must write and read inside that
 * transaction: on the embedded database a query from outside would wait for the transaction to end,
 * which waits for the hook, for ever; on PostgreSQL the profile's key check would wait on the
 * uncommitted account the same way. So the transaction Better Auth opens is remembered for the async
 * work under it, and every query made through the returned object goes to it while it is open, to
 * the shared connection otherwise. A crash in the middle then leaves nothing behind (the crash test
 * in docs/reliability.md).
 */
export function authDatabase(db: Db): Db {
  const open = new AsyncLocalStorage<Db>();
  return new Proxy(db, {
    get(target, property) {
      const current = open.getStore() ?? target;
      if (property === 'transaction') {
        const begin = current.transaction.bind(current);
        return ((work: (tx: Db) => Promise<unknown>, config?: unknown) =>
          begin(
            (tx) => open.run(tx as unknown as Db, () => work(tx as unknown as Db)),
            config as never,
          )) as Db['transaction'];
      }
      const value: unknown = Reflect.get(current, property, current);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
  });
}
