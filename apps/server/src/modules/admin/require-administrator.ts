import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { Forbidden } from '../../lib/errors';
import type { AuthSession } from '../../auth/auth-session';
import { findProfile } from '../profiles/profiles.repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An /api/admin/ route's 403 text for everyone but administrators (see registerAdministratorGate). */
    administratorsOnlyMessage?: string;
    /** An /api/admin/ route any signed-in person may call ('Grant myself admin'). */
    isOpenToSignedIn?: boolean;
  }
}

export const ADMIN_ROUTE_PREFIX = '/api/admin/';
const DEFAULT_MESSAGE = 'Only administrators can do that.';

/**
 * The signed-in administrator, or an error: 401 when signed out, 403 for everyone else. The role is
 * read from the profile on every call (never from the session), so a revoked role takes effect at once.
 */
export async function requireAdministrator(
  request: FastifyRequest,
  db: Db | Tx,
  message = DEFAULT_MESSAGE,
): Promise<AuthSession> {
  const session = await request.requireSession();
  const profile = await findProfile(db, session.user.id);
  if (profile?.role !== 'administrator') throw new Forbidden(message);
  return session;
}

/**
 * Gives every route an admin module registers after this call its refusal text (a route may set its
 * own in `config`). Call at the top of the module's plugin.
 */
export function refuseNonAdministratorsWith(app: FastifyInstance, message: string) {
  app.addHook('onRoute', (route) => {
    route.config = {
      ...route.config,
      administratorsOnlyMessage: route.config?.administratorsOnlyMessage ?? message,
    };
  });
}

/**
 * Installed once on the root app, after the session plugin: every /api/admin/ route answers 401 or
 * 403 before its body is parsed or its input validated — a customer learns nothing about an admin
 * endpoint's input, an upload is refused before it is read, and an admin route added later is closed
 * by default. Routes still call requireAdministrator themselves (it is cheap: the session is cached
 * per request), so a route moved outside the prefix stays closed too.
 */
export function registerAdministratorGate(app: FastifyInstance, db: Db) {
  // Synchronous for every other route (no promise on the way of each request).
  app.addHook('onRequest', (request, _reply, done) => {
    const config = request.routeOptions.config;
    if (!request.routeOptions.url?.startsWith(ADMIN_ROUTE_PREFIX) || config.isOpenToSignedIn) return done();
    requireAdministrator(request, db, config.administratorsOnlyMessage ?? DEFAULT_MESSAGE).then(
      () => done(),
      done,
    );
  });
}
