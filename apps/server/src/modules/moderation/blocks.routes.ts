import {
  AccountParamsSchema,
  BlockedAccountPageSchema,
  BlockedAccountsQuerySchema,
  ConversationBlockSchema,
} from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { Unauthorized } from '../../lib/errors';
import { blockAccount, getConversationBlock, listBlockedAccounts, unblockAccount } from './blocks.service';

// Any id shape is let through: a malformed one reads as not found, like a missing one.
const ConversationParams = z.object({ responseId: z.string().max(100) });

/**
 * Blocking (issue 32): block and unblock an account one has dealt with, the list of one's blocks
 * (Settings), and a conversation's block state (its menu and send box). The enforcement is where
 * each action happens (messages, quotes, the feed, requests, counter offers: modules/blocks).
 */
export async function blockRoutes(app: FastifyInstance, opts: { db: Db }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  // Signed-out callers hear 401 before any input is checked (scoped to these routes).
  app.addHook('onRequest', async (request) => {
    if (!(await request.getSession())) throw new Unauthorized();
  });

  typed.get(
    '/api/blocks',
    {
      schema: {
        tags: ['moderation'],
        querystring: BlockedAccountsQuerySchema,
        response: { 200: BlockedAccountPageSchema },
      },
    },
    async (request) => {
      const { user } = await request.requireSession();
      return listBlockedAccounts(db, user.id, request.query);
    },
  );

  typed.post(
    '/api/blocks/:userId',
    { schema: { tags: ['moderation'], params: AccountParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const { user } = await request.requireSession();
      await blockAccount(db, user.id, request.params.userId, new Date());
      return reply.status(204).send(null);
    },
  );

  typed.delete(
    '/api/blocks/:userId',
    { schema: { tags: ['moderation'], params: AccountParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const { user } = await request.requireSession();
      await unblockAccount(db, user.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  typed.get(
    '/api/blocks/conversations/:responseId',
    {
      schema: {
        tags: ['moderation'],
        params: ConversationParams,
        response: { 200: ConversationBlockSchema },
      },
    },
    async (request) => {
      const { user } = await request.requireSession();
      return getConversationBlock(db, user.id, request.params.responseId);
    },
  );
}
