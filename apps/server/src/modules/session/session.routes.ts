import { SignOutScopeSchema } from '@grip/domain';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from '../../auth/auth';

/**
 * Sign out of this device ('local') or of every device ('global'). Signing out without a session
 * succeeds too: the spec treats 401/403/404 on sign-out as success.
 */
export async function sessionRoutes(app: FastifyInstance, opts: { auth: Auth }) {
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
      }
      return reply.status(204).send(null);
    },
  );
}
