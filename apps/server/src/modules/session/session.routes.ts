import { SignOutScopeSchema } from '@grip/domain';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from '../../auth/auth';
import type { LiveHub } from '../live/live-hub';

/**
 * Sign out of this device ('local') or of every device ('global'). Signing out without a session
 * succeeds too: the spec treats 401/403/404 on sign-out as success.
 */
export async function sessionRoutes(app: FastifyInstance, opts: { auth: Auth; live: LiveHub }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/session/sign-out',
    {
      schema: {
        tags: ['account'],
        body: z.object({ scope: SignOutScopeSchema.default('local') }).default({ scope: 'local' }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const session = await request.getSession();
      const headers = fromNodeHeaders(request.headers);
      if (session && request.body.scope === 'global') {
        await opts.auth.api.revokeSessions({ headers });
      }
      if (session) {
        const result = await opts.auth.api.signOut({ headers, returnHeaders: true });
        const cookies = result.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        // The tabs of an ended session stop hearing live updates at once.
        opts.live.closeStreams(
          session.user.id,
          request.body.scope === 'global' ? undefined : session.session.id,
        );
      }
      return reply.status(204).send(null);
    },
  );
}
