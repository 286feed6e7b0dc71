import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { makeMessage } from '../testing/conversation-fixtures';
import {
  enqueueMessage,
  keepQueuedMessagesOf,
  markQueuedMessage,
  queuedMessages,
  removeQueuedMessage,
  type QueuedMessage,
} from './queued-messages';
import { sendQueuedMessages } from './send-queued-messages';

const queued = (clientId: string, over: Partial<QueuedMessage> = {}): QueuedMessage => ({
  userId: 'u1',
  responseId: 'r1',
  clientId,
  message: `message ${clientId}`,
  attachments: [],
  createdAt: '2026-11-24T10:00:00.000Z',
  ...over,
});

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('the queue of messages written offline', () => {
  it('keeps messages across reloads in order, once per clientId', () => {
    enqueueMessage(queued('a'));
    enqueueMessage(queued('b'));
    enqueueMessage(queued('a'));
    expect(queuedMessages().map((m) => m.clientId)).toEqual(['a', 'b']);
    expect(JSON.parse(localStorage.getItem('grip:queued-messages')!)).toHaveLength(2);
    expect(queuedMessages()).toBe(queuedMessages()); // a stable snapshot for React

    markQueuedMessage('b', 'Messaging is closed');
    expect(queuedMessages()[1]?.refusal).toBe('Messaging is closed');
    removeQueuedMessage('a');
    expect(queuedMessages().map((m) => m.clientId)).toEqual(['b']);
  });

  it('ignores unreadable stored data', () => {
    localStorage.setItem('grip:queued-messages', '{not json');
    expect(queuedMessages()).toEqual([]);
    localStorage.setItem('grip:queued-messages', JSON.stringify([{ clientId: 'x' }, queued('ok')]));
    expect(queuedMessages().map((m) => m.clientId)).toEqual(['ok']);
  });

  it('forgets what another person left unsent when someone else signs in', () => {
    enqueueMessage(queued('a', { userId: 'u1' }));
    enqueueMessage(queued('b', { userId: 'u2' }));
    keepQueuedMessagesOf('u2');
    expect(queuedMessages().map((m) => m.clientId)).toEqual(['b']);
    keepQueuedMessagesOf(null);
    expect(queuedMessages()).toEqual([]);
  });
});

describe('sendQueuedMessages', () => {
  it('sends only the signed-in person’s messages, oldest first, and empties the queue', async () => {
    const { calls } = mockApi({
      'POST /api/conversations/r1/messages': (call) => ({
        status: 201,
        body: makeMessage({ fromMe: true, message: (call.body as { message: string }).message }),
      }),
      'POST /api/conversations/r2/messages': (call) => ({
        status: 201,
        body: makeMessage({ fromMe: true, message: (call.body as { message: string }).message }),
      }),
    });
    enqueueMessage(queued('a'));
    enqueueMessage(queued('other', { userId: 'u2' }));
    enqueueMessage(queued('b', { responseId: 'r2' }));
    expect(await sendQueuedMessages(new QueryClient(), 'u1')).toBe(2);
    expect(calls.map((c) => [c.path, (c.body as { clientId: string }).clientId])).toEqual([
      ['/api/conversations/r1/messages', 'a'],
      ['/api/conversations/r2/messages', 'b'],
    ]);
    expect(queuedMessages().map((m) => m.clientId)).toEqual(['other']);
  });

  it('stops at the first message that gets no answer and keeps the rest in order', async () => {
    const { calls } = mockApi({
      'POST /api/conversations/r1/messages': { status: 503, body: { error: 'unavailable', message: 'Down' } },
    });
    enqueueMessage(queued('a'));
    enqueueMessage(queued('b'));
    expect(await sendQueuedMessages(new QueryClient(), 'u1')).toBe(0);
    expect(calls).toHaveLength(1);
    expect(queuedMessages().map((m) => [m.clientId, m.refusal])).toEqual([
      ['a', undefined],
      ['b', undefined],
    ]);
  });

  it('marks a refused message with the reason and goes on with the next', async () => {
    const replies = [
      { status: 409, body: { error: 'conflict', message: 'Messaging is closed for this job' } },
      { status: 201, body: makeMessage({ fromMe: true }) },
    ];
    mockApi({ 'POST /api/conversations/r1/messages': () => replies.shift()! });
    enqueueMessage(queued('a'));
    enqueueMessage(queued('b'));
    expect(await sendQueuedMessages(new QueryClient(), 'u1')).toBe(1);
    expect(queuedMessages()).toEqual([{ ...queued('a'), refusal: 'Messaging is closed for this job' }]);
  });
});
