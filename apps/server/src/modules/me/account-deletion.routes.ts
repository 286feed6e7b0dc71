import { ACCOUNT_DELETION_MESSAGES, DeleteAccountInputSchema } from '@grip/domain';
import { APIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from '../../auth/auth';
import type { Db } from '../../db/client';
import { Conflict, Invalid } from '../../lib/errors';
import type { LiveHub } from '../live/live-hub';
import { countAdministrators, findProfile } from '../profiles/profiles.repository';
import { anonymiseAccount } from './account-deletion.service';
import { hasPassword } from './credentials.repository';

/**
 * Settings → Delete Account: the password again (when the account has one) and the word DELETE,
 * then the account is anonymised (account-deletion.service) and this device's cookie cleared. The
 * platform's only administrator cannot leave it without one. Registered with `{ db, auth, live }`.
 */
export async function accountDeletionRoutes(
  app: FastifyInstance,
  opts: { db: Db; auth: Auth; live: LiveHub },
) {
  const { db, auth } = opts;
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/me/delete-account',
      { schema: { tags: ['account'], body: DeleteAccountInputSchema, response: { 204: z.null() } } },
      async (request, reply) => {
        const { user } = await request.requireSession();
        const headers = fromNodeHeaders(request.headers);
        if (await hasPassword(db, user.id)) {
          const password = request.body.password ?? '';
          if (!password) {
            throw new Invalid(ACCOUNT_DELETION_MESSAGES.passwordRequired, {
              password: ACCOUNT_DELETION_MESSAGES.passwordRequired,
            });
          }
          try {
            await auth.api.verifyPassword({ body: { password }, headers });
          } catch (err) {
            if (!(err instanceof APIError)) throw err;
            throw new Invalid(ACCOUNT_DELETION_MESSAGES.passwordWrong, {
              password: ACCOUNT_DELETION_MESSAGES.passwordWrong,
            });
          }
        }
        const profile = await findProfile(db, user.id);
        if (profile?.role === 'administrator' && (await countAdministrators(db)) <= 1) {
          throw new Conflict(ACCOUNT_DELETION_MESSAGES.lastAdministrator);
        }
        // The cookie-clearing headers first, while the session still exists.
        const signedOut = await auth.api.signOut({ headers, returnHeaders: true });
        await anonymiseAccount(db, user.id, new Date());
        opts.live.closeStreams(user.id);
        request.log.info({ userId: user.id }, 'account deleted (anonymised)');
        const cookies = signedOut.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        return reply.status(204).send(null);
      },
    );
}
