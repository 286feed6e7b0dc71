import { describe, expect, it } from 'vitest';
import { LIVE_EVENT_KINDS, LIVE_EVENT_OPS, LiveEventSchema, parseLiveEvent } from './live-events';

const samples: unknown[] = [
  ...LIVE_EVENT_KINDS.flatMap((kind) => LIVE_EVENT_OPS.map((op) => ({ kind, op, id: `${kind}-1` }))),
  { kind: 'message', op: 'created', id: 'm1', extra: 'ignored' },
  { kind: 'message', op: 'created', id: '' },
  { kind: 'booking', op: 'created', id: 'x' },
  { kind: 'message', op: 'deleted', id: 'x' },
  { kind: 'message', op: 'created', id: 7 },
  { kind: 'message', op: 'created' },
  { op: 'created', id: 'x' },
  { kind: 'MESSAGE', op: 'created', id: 'x' },
  ['message', 'created', 'x'],
  null,
  undefined,
  'message',
  42,
  {},
];

describe('parseLiveEvent', () => {
  it('gives the same answer as LiveEventSchema for every sample', () => {
    for (const sample of samples) {
      const parsed = LiveEventSchema.safeParse(sample);
      expect(parseLiveEvent(sample), JSON.stringify(sample)).toEqual(parsed.success ? parsed.data : null);
    }
  });

  it('returns only the event fields', () => {
    expect(parseLiveEvent({ kind: 'request', op: 'updated', id: 'r1', data: { secret: 1 } })).toEqual({
      kind: 'request',
      op: 'updated',
      id: 'r1',
    });
  });
});
