import {
  GRANT_SELF_ADMIN_MESSAGES,
  GrantSelfAdminResponseSchema,
  SelfGrantAvailabilitySchema,
  type GrantSelfAdminResponse,
} from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { Forbidden } from '../../lib/errors';
import {
  administratorExists,
  findProfile,
  lockAdministratorGrants,
  setRole,
} from '../profiles/profiles.repository';
import { getOrCreateProfile } from '../profiles/profiles.service';

/**
 * 'Grant myself admin' (spec 3 §6, function grant-self-admin): any signed-in person becomes the
 * administrator while the platform has none — the same rule as choosing Administrator at sign-up
 * (PRODUCT-DECISIONS). Once one exists only an administrator grants the role. The check and the
 * write hold the administrator-grant lock, so two people racing cannot both win. Suspended accounts
 * have no session, so cannot ask. Registered by buildApp with `{ db }`.
 */
export async function grantSelfAdminRoutes(app: FastifyInstance, opts: { db: Db }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  typed.get(
    '/api/admin/self-grant',
    {
      config: { isOpenToSignedIn: true },
      schema: { tags: ['admin'], response: { 200: SelfGrantAvailabilitySchema } },
    },
    async (request) => {
      await request.requireSession();
      return { available: !(await administratorExists(db)) };
    },
  );

  typed.post(
    '/api/admin/grant-self-admin',
    {
      config: { isOpenToSignedIn: true },
      schema: { tags: ['admin'], response: { 200: GrantSelfAdminResponseSchema } },
    },
    async (request): Promise<GrantSelfAdminResponse> => {
      const { user } = await request.requireSession();
      await getOrCreateProfile(db, user.id, user.name);
      const outcome = await db.transaction(async (tx) => {
        await lockAdministratorGrants(tx);
        if ((await findProfile(tx, user.id))?.role === 'administrator') return 'already' as const;
        if (await administratorExists(tx)) return 'refused' as const;
        await setRole(tx, user.id, 'administrator');
        return 'granted' as const;
      });
      if (outcome === 'refused') throw new Forbidden(GRANT_SELF_ADMIN_MESSAGES.refused);
      if (outcome === 'granted')
        request.log.warn({ userId: user.id }, 'first administrator granted themselves the role');
      const alreadyAdmin = outcome === 'already';
      return {
        success: true,
        alreadyAdmin,
        message: alreadyAdmin ? GRANT_SELF_ADMIN_MESSAGES.alreadyAdmin : GRANT_SELF_ADMIN_MESSAGES.granted,
      };
    },
  );
}
