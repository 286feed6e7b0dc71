import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { Forbidden } from '../../lib/errors';
import type { AuthSession } from '../../plugins/auth';
import { findProfile } from '../profiles/profiles.repository';

/**
 * The signed-in administrator, or an error: 401 when signed out, 403 for everyone else. The role is
 * read from the profile on every call (never from the session), so a revoked role takes effect at once.
 */
export async function requireAdministrator(
  request: FastifyRequest,
  db: Db | Tx,
  message = 'Only administrators can do that.',
): Promise<AuthSession> {
  const session = await request.requireSession();
  const profile = await findProfile(db, session.user.id);
  if (profile?.role !== 'administrator') throw new Forbidden(message);
  return session;
}
