import {
  ConversationListSchema,
  ConversationMessageSchema,
  ConversationSchema,
  MESSAGE_PAGE_SIZE,
  MessagePageSchema,
  SendMessageInputSchema,
} from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { compiledSerializer } from '../../lib/compiled-serializer';
import { Unauthorized } from '../../lib/errors';
import {
  getConversation,
  listConversations,
  listMessagePage,
  markRead,
  sendMessage,
} from './conversations.service';

// Any id shape is let through: a malformed one reads as not found, like a missing one.
const Params = z.object({ responseId: z.string().max(100) });
const ListQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
const PageQuery = z.object({
  before: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGE_PAGE_SIZE),
});

export const SENDING_TOO_FAST = 'You are sending messages too quickly. Please wait a moment and try again.';

/**
 * Conversations (spec 1 §5, spec 2 "Messages", spec 3 "Conversation page"): one per response,
 * between the request's customer and the responding business. Nobody else reaches one: they hear
 * not found, whatever their role.
 */
export async function conversationRoutes(app: FastifyInstance, opts: { db: Db; config: Config }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const sends = app.grip.limits.limit('messages', opts.config.messageRateLimit, 60);

  // Signed-out callers hear 401 before any query or body is checked (scoped to these routes).
  app.addHook('onRequest', async (request) => {
    if (!(await request.getSession())) throw new Unauthorized();
  });

  typed.get(
    '/api/conversations',
    {
      schema: { tags: ['conversations'], querystring: ListQuery, response: { 200: ConversationListSchema } },
    },
    async (request) => {
      const { user } = await request.requireSession();
      return listConversations(db, user.id, request.query);
    },
  );

  typed.get(
    '/api/conversations/:responseId',
    { schema: { tags: ['conversations'], params: Params, response: { 200: ConversationSchema } } },
    async (request) => {
      const { user } = await request.requireSession();
      return getConversation(db, user.id, request.params.responseId);
    },
  );

  typed.get(
    '/api/conversations/:responseId/messages',
    {
      schema: {
        tags: ['conversations'],
        params: Params,
        querystring: PageQuery,
        response: { 200: MessagePageSchema },
      },
      // Compiled once: up to 100 messages a page (lib/compiled-serializer.ts says what it keeps).
      serializerCompiler: compiledSerializer(MessagePageSchema),
    },
    async (request) => {
      const { user } = await request.requireSession();
      return listMessagePage(db, user.id, request.params.responseId, request.query);
    },
  );

  typed.post(
    '/api/conversations/:responseId/read',
    {
      schema: {
        tags: ['conversations'],
        params: Params,
        response: { 200: z.object({ marked: z.number().int().nonnegative() }) },
      },
    },
    async (request) => {
      const { user } = await request.requireSession();
      return markRead(db, user.id, request.params.responseId);
    },
  );

  typed.post(
    '/api/conversations/:responseId/messages',
    {
      schema: {
        tags: ['conversations'],
        params: Params,
        body: SendMessageInputSchema,
        response: { 200: ConversationMessageSchema, 201: ConversationMessageSchema },
      },
    },
    async (request, reply) => {
      const { user } = await request.requireSession();
      await sends.enforce(user.id, reply, SENDING_TOO_FAST);
      const { created, message } = await sendMessage(db, user.id, request.params.responseId, request.body);
      return reply.status(created ? 201 : 200).send(message);
    },
  );
}
