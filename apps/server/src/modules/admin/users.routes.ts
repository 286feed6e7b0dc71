import {
  ADMIN_USER_MESSAGES,
  AdminUserListQuerySchema,
  AdminUserPageSchema,
  AdminUserParamsSchema,
  AdminUserSchema,
  RoleChangeInputSchema,
  roleChangeProblem,
  SuspensionInputSchema,
  suspensionProblem,
  type AdminUser,
} from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { Conflict, NotFound } from '../../lib/errors';
import { decodePageCursor, encodePageCursor } from '../../lib/page-cursor';
import { setRole } from '../profiles/profiles.repository';
import { getOrCreateProfile } from '../profiles/profiles.service';
import { refuseNonAdministratorsWith, requireAdministrator } from './require-administrator';
import { findUser, listUsers, setSuspended, type UserRow } from './users.repository';

function toDto(row: UserRow): AdminUser {
  return {
    userId: row.userId,
    email: row.email,
    name: row.name,
    role: row.role,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The cursor's key is the exact created_at as UTC text with microseconds (users.repository). */
const isCreatedAtKey = (key: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/.test(key) &&
  !Number.isNaN(Date.parse(`${key.slice(0, 23)}Z`));

/**
 * Role management (issue 7 item 8): every account with its role and suspension, promote and demote
 * administrators and business owners, suspend and reinstate. Nobody changes or suspends themselves,
 * so the platform never loses the administrator acting. Registered by buildApp with `{ db }`.
 */
export async function adminUserRoutes(app: FastifyInstance, opts: { db: Db }) {
  refuseNonAdministratorsWith(app, ADMIN_USER_MESSAGES.administratorsOnly);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const administrator = (request: Parameters<typeof requireAdministrator>[0]) =>
    requireAdministrator(request, db, ADMIN_USER_MESSAGES.administratorsOnly);

  /** The account to change, with a profile to change (an account whose profile was lost gets one). */
  const target = async (userId: string) => {
    const row = await findUser(db, userId);
    if (!row) throw new NotFound(ADMIN_USER_MESSAGES.userNotFound);
    await getOrCreateProfile(db, row.userId, row.name);
    return row;
  };

  const reread = async (userId: string) => {
    const row = await findUser(db, userId);
    if (!row) throw new NotFound(ADMIN_USER_MESSAGES.userNotFound);
    return toDto(row);
  };

  typed.get(
    '/api/admin/users',
    {
      schema: {
        tags: ['admin'],
        querystring: AdminUserListQuerySchema,
        response: { 200: AdminUserPageSchema },
      },
    },
    async (request) => {
      await administrator(request);
      const { cursor, limit, q, role } = request.query;
      const after = cursor
        ? decodePageCursor(cursor, ADMIN_USER_MESSAGES.badCursor, isCreatedAtKey)
        : undefined;
      const rows = await listUsers(
        db,
        { q, role, after: after && { createdAt: after.key, userId: after.id } },
        limit + 1,
      );
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map(toDto),
        nextCursor: rows.length > limit && last ? encodePageCursor(last.createdAtKey, last.userId) : null,
      };
    },
  );

  typed.put(
    '/api/admin/users/:userId/role',
    {
      schema: {
        tags: ['admin'],
        params: AdminUserParamsSchema,
        body: RoleChangeInputSchema,
        response: { 200: AdminUserSchema },
      },
    },
    async (request) => {
      const { user } = await administrator(request);
      const row = await target(request.params.userId);
      const problem = roleChangeProblem(user.id, row, request.body.role);
      if (problem) throw new Conflict(problem);
      if (row.role !== request.body.role) {
        await setRole(db, row.userId, request.body.role);
        request.log.info(
          { actorId: user.id, userId: row.userId, from: row.role, to: request.body.role },
          'role changed by an administrator',
        );
      }
      return reread(row.userId);
    },
  );

  typed.put(
    '/api/admin/users/:userId/suspension',
    {
      schema: {
        tags: ['admin'],
        params: AdminUserParamsSchema,
        body: SuspensionInputSchema,
        response: { 200: AdminUserSchema },
      },
    },
    async (request) => {
      const { user } = await administrator(request);
      const row = await target(request.params.userId);
      const { suspended } = request.body;
      const problem = suspensionProblem(user.id, row, suspended);
      if (problem) throw new Conflict(problem);
      // Suspending again ends any session again all the same (and keeps the first date).
      if (suspended || row.suspendedAt) {
        await setSuspended(db, row.userId, suspended, new Date());
        // The database announces the ended sessions too; this process forgets them before answering.
        if (suspended) app.grip.sessions.dropUser(row.userId);
        request.log.info({ actorId: user.id, userId: row.userId, suspended }, 'suspension changed');
      }
      return reread(row.userId);
    },
  );
}
