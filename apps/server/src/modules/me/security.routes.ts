import {
  AccountSecuritySchema,
  AccountSessionParamsSchema,
  deviceLabel,
  SECURITY_MESSAGES,
  type AccountSecurity,
} from '@grip/domain';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import type { LiveHub } from '../live/live-hub';
import { hasPassword } from './credentials.repository';

/**
 * Settings → Security: whether the account has a password and two-factor sign-in, and its signed-in
 * sessions (device, last active), each of which can be signed out. Session tokens never leave the
 * server: sessions are named by id. The password and two-factor sign-in change through the auth
 * library (`/api/auth/change-password`, `/api/auth/two-factor/*`).
 * Registered by buildApp with `{ db, live }`.
 */
export async function securityRoutes(app: FastifyInstance, opts: { db: Db; live: LiveHub }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  typed.get(
    '/api/me/security',
    { schema: { tags: ['account'], response: { 200: AccountSecuritySchema } } },
    async (request): Promise<AccountSecurity> => {
      const { user, session } = await request.requireSession();
      const rows = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, new Date())))
        .orderBy(desc(sessions.updatedAt), desc(sessions.id))
        .limit(100);
      const [account] = await db
        .select({ twoFactorEnabled: users.twoFactorEnabled })
        .from(users)
        .where(eq(users.id, user.id))
        .limit(1);
      return {
        hasPassword: await hasPassword(db, user.id),
        twoFactorEnabled: account?.twoFactorEnabled ?? false,
        sessions: rows.map((row) => ({
          id: row.id,
          isCurrent: row.id === session.id,
          device: deviceLabel(row.userAgent),
          ipAddress: row.ipAddress || null,
          createdAt: row.createdAt.toISOString(),
          lastActiveAt: row.updatedAt.toISOString(),
        })),
      };
    },
  );

  typed.delete(
    '/api/me/sessions/:id',
    {
      schema: { tags: ['account'], params: AccountSessionParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const { user } = await request.requireSession();
      const deleted = await db
        .delete(sessions)
        .where(and(eq(sessions.id, request.params.id), eq(sessions.userId, user.id)))
        .returning({ id: sessions.id });
      if (deleted.length === 0) throw new NotFound(SECURITY_MESSAGES.sessionNotFound);
      // That device's open tabs stop hearing live updates at once.
      opts.live.closeStreams(user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
