import { describe, expect, it } from 'vitest';
import { ACTORS, decide, NOT_YOURS, stateOf } from '../lifecycles/lifecycle';
import { HOUR_MS } from '../shared/time-windows';
import { ACCEPT_CONSEQUENCES, DISPUTE_MESSAGES, DISPUTE_STATUS_WORDS } from './dispute-messages';
import { DISPUTE_STATUSES, type DisputeStatus } from './dispute-vocabulary';
import {
  AWAITING_BUSINESS_DISPUTE,
  AWAITING_CUSTOMER_DISPUTE,
  canEscalateNow,
  DISPUTE_ESCALATION_WAIT_MS,
  DISPUTE_LIFECYCLE,
  DisputeAnswerInputSchema,
  DisputeDecisionInputSchema,
  disputeOutcomeText,
  disputeStatusText,
  DisputeStepInputSchema,
  disputeViewOf,
  ESCALATED_DISPUTE,
  jobConsequenceOf,
  OPEN_DISPUTES,
  RESOLVED_DISPUTE,
  type DisputeFacts,
  type DisputeRecord,
} from './disputes';

const NOW = new Date('2026-11-20T09:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
/** Facts under which every guard holds: both sides have waited long enough. */
const OK: DisputeFacts = { now: NOW, openedAt: ago(72 * HOUR_MS), answeredAt: ago(72 * HOUR_MS) };

const rows = () =>
  DISPUTE_LIFECYCLE.transitions.map(
    (t) => `${t.from.join('|')} --${t.action} (${t.who.join(', ')})--> ${t.to}`,
  );

function record(overrides: Partial<DisputeRecord> = {}): DisputeRecord {
  return {
    id: 'd1',
    status: 'awaiting_business',
    reason: 'The edges were not done at all.',
    answerKind: null,
    answer: null,
    answeredAt: null,
    escalatedAt: null,
    outcome: null,
    decisionNote: null,
    resolvedAt: null,
    createdAt: ago(HOUR_MS),
    ...overrides,
  };
}

describe('the dispute lifecycle', () => {
  it('reads as issue 32 describes it', () => {
    expect(rows()).toEqual([
      'awaiting_business --answer (business)--> awaiting_customer',
      'awaiting_customer --accept (customer)--> resolved',
      'awaiting_customer --escalate (customer)--> escalated',
      'awaiting_business --escalate (customer)--> escalated',
      'awaiting_customer --escalate (business)--> escalated',
      'escalated --decide (grip)--> resolved',
    ]);
    expect(DISPUTE_LIFECYCLE.initial).toBe('awaiting_business');
    expect([
      AWAITING_BUSINESS_DISPUTE,
      AWAITING_CUSTOMER_DISPUTE,
      ESCALATED_DISPUTE,
      RESOLVED_DISPUTE,
    ]).toEqual(['awaiting_business', 'awaiting_customer', 'escalated', 'resolved']);
    expect(OPEN_DISPUTES).toEqual(['awaiting_business', 'awaiting_customer', 'escalated']);
  });

  it('allows every row from each of its states when its guards hold', () => {
    for (const row of DISPUTE_LIFECYCLE.transitions)
      for (const who of row.who)
        for (const from of row.from)
          expect(
            decide(DISPUTE_LIFECYCLE, row.action, who, from, OK),
            `${from} ${row.action} by ${who}`,
          ).toEqual({
            allowed: true,
            to: row.to,
          });
  });

  it('refuses every other pair: the wrong actor as not theirs, the wrong state in words', () => {
    const actions = [...new Set(DISPUTE_LIFECYCLE.transitions.map((t) => t.action))];
    for (const action of actions)
      for (const who of ACTORS)
        for (const state of DISPUTE_STATUSES) {
          const mine = DISPUTE_LIFECYCLE.transitions.filter(
            (t) => t.action === action && t.who.includes(who),
          );
          const decision = decide(DISPUTE_LIFECYCLE, action, who, state, OK);
          const label = `${state} ${action} by ${who}`;
          if (mine.length === 0)
            expect(decision, label).toEqual({ allowed: false, reason: 'who', refusal: NOT_YOURS });
          else if (!mine.some((t) => t.from.includes(state)))
            expect(decision, label).toMatchObject({ allowed: false, reason: 'state' });
        }
  });

  it('never lets one party end the dispute alone, nor either party decide', () => {
    for (const state of DISPUTE_STATUSES) {
      // Only the customer accepts (the business cannot close it by itself) …
      expect(decide(DISPUTE_LIFECYCLE, 'accept', 'business', state, OK).allowed).toBe(false);
      // … and only an administrator, for Grip, decides.
      for (const who of ['customer', 'business'] as const)
        expect(decide(DISPUTE_LIFECYCLE, 'decide', who, state, OK)).toMatchObject({ refusal: NOT_YOURS });
    }
    // Nothing leads out of resolved.
    for (const action of ['answer', 'accept', 'escalate', 'decide'] as const)
      for (const who of ACTORS)
        expect(decide(DISPUTE_LIFECYCLE, action, who, RESOLVED_DISPUTE, OK).allowed).toBe(false);
  });

  it('says where the dispute is when the state no longer allows an action', () => {
    const refusal = (
      action: 'answer' | 'accept' | 'escalate' | 'decide',
      who: 'customer' | 'business' | 'grip',
      state: DisputeStatus,
    ) => decide(DISPUTE_LIFECYCLE, action, who, state, OK);
    expect(refusal('answer', 'business', 'awaiting_customer')).toMatchObject({
      refusal: DISPUTE_MESSAGES.alreadyAnswered,
    });
    expect(refusal('answer', 'business', 'escalated')).toMatchObject({ refusal: DISPUTE_MESSAGES.withGrip });
    expect(refusal('answer', 'business', 'resolved')).toMatchObject({
      refusal: DISPUTE_MESSAGES.alreadyResolved,
    });
    expect(refusal('accept', 'customer', 'awaiting_business')).toMatchObject({
      refusal: DISPUTE_MESSAGES.notAnswered,
    });
    expect(refusal('accept', 'customer', 'escalated')).toMatchObject({ refusal: DISPUTE_MESSAGES.withGrip });
    expect(refusal('escalate', 'customer', 'escalated')).toMatchObject({
      refusal: DISPUTE_MESSAGES.withGrip,
    });
    expect(refusal('escalate', 'customer', 'resolved')).toMatchObject({
      refusal: DISPUTE_MESSAGES.alreadyResolved,
    });
    expect(refusal('escalate', 'business', 'awaiting_business')).toMatchObject({
      refusal: DISPUTE_MESSAGES.answerFirst,
    });
    expect(refusal('decide', 'grip', 'awaiting_customer')).toMatchObject({
      refusal: DISPUTE_MESSAGES.notEscalated,
    });
    expect(refusal('decide', 'grip', 'resolved')).toMatchObject({
      refusal: DISPUTE_MESSAGES.alreadyResolved,
    });
  });

  it('lets the customer escalate a silent business 48 hours after the contest, not a moment before', () => {
    const at = (openedAt: Date) =>
      decide(DISPUTE_LIFECYCLE, 'escalate', 'customer', 'awaiting_business', { now: NOW, openedAt });
    expect(at(ago(DISPUTE_ESCALATION_WAIT_MS))).toEqual({ allowed: true, to: 'escalated' });
    expect(at(ago(DISPUTE_ESCALATION_WAIT_MS - 1))).toEqual({
      allowed: false,
      reason: 'guard',
      refusal: DISPUTE_MESSAGES.customerEscalateTooEarly,
    });
    // Once answered, the customer may escalate at once (the answer is what they disagree with).
    expect(
      decide(DISPUTE_LIFECYCLE, 'escalate', 'customer', 'awaiting_customer', { now: NOW, openedAt: NOW }),
    ).toEqual({ allowed: true, to: 'escalated' });
    // Without the facts, the guard does not hold.
    expect(decide(DISPUTE_LIFECYCLE, 'escalate', 'customer', 'awaiting_business', {}).allowed).toBe(false);
  });

  it('lets the business escalate a silent customer 48 hours after its answer, not a moment before', () => {
    const at = (answeredAt: Date | null) =>
      decide(DISPUTE_LIFECYCLE, 'escalate', 'business', 'awaiting_customer', { now: NOW, answeredAt });
    expect(at(ago(DISPUTE_ESCALATION_WAIT_MS))).toEqual({ allowed: true, to: 'escalated' });
    expect(at(ago(DISPUTE_ESCALATION_WAIT_MS - 1))).toMatchObject({
      reason: 'guard',
      refusal: DISPUTE_MESSAGES.businessEscalateTooEarly,
    });
    expect(at(null)).toMatchObject({ refusal: DISPUTE_MESSAGES.businessEscalateTooEarly });
  });

  it('reads a stored status only as one of its states', () => {
    expect(stateOf(DISPUTE_LIFECYCLE, 'escalated')).toBe('escalated');
    expect(() => stateOf(DISPUTE_LIFECYCLE, 'open')).toThrow(/open is not a state/);
  });
});

describe('jobConsequenceOf (what the end of a dispute does to the job)', () => {
  it('sends the job back in progress only for an accepted offer to fix; everything else is final', () => {
    expect(jobConsequenceOf('accepted', 'fix_offered')).toBe('redo');
    expect(jobConsequenceOf('accepted', 'explanation')).toBe('resolve');
    // A ruling is final either way, whatever the business had answered (or if it never did).
    for (const kind of ['fix_offered', 'explanation', null] as const) {
      expect(jobConsequenceOf('for_customer', kind)).toBe('resolve');
      expect(jobConsequenceOf('for_business', kind)).toBe('resolve');
    }
  });
});

describe('the payloads', () => {
  it('an answer needs a kind and at least 10 characters of words, trimmed', () => {
    const parse = (input: unknown) => DisputeAnswerInputSchema.safeParse(input);
    const ok = parse({
      seenStatus: 'awaiting_business',
      kind: 'explanation',
      text: '  The grass was wet.  ',
    });
    expect(ok.success && ok.data.text).toBe('The grass was wet.');
    const short = parse({ seenStatus: 'awaiting_business', kind: 'fix_offered', text: '  too short ' });
    expect(short.error?.issues[0]?.message).toBe(DISPUTE_MESSAGES.answerTooShort);
    const noKind = parse({ seenStatus: 'awaiting_business', text: 'I will come back on Monday.' });
    expect(noKind.error?.issues[0]?.message).toBe(DISPUTE_MESSAGES.answerRequired);
    expect(
      parse({ seenStatus: 'awaiting_business', kind: 'refund', text: 'Here is your money back.' }).success,
    ).toBe(false);
    expect(parse({ kind: 'explanation', text: 'The grass was wet.' }).error?.issues[0]?.message).toBe(
      DISPUTE_MESSAGES.changedMeanwhile,
    );
    expect(
      parse({ seenStatus: 'awaiting_business', kind: 'explanation', text: 'x'.repeat(1001) }).success,
    ).toBe(false);
    expect(
      parse({ seenStatus: 'awaiting_business', kind: 'explanation', text: 'Bad\u0000 characters here' })
        .success,
    ).toBe(false);
  });

  it('a step names the status seen; a decision is for one side, with a note of 10 characters or more', () => {
    expect(DisputeStepInputSchema.safeParse({ seenStatus: 'awaiting_customer' }).success).toBe(true);
    expect(DisputeStepInputSchema.safeParse({ seenStatus: 'open' }).success).toBe(false);
    const decision = (input: unknown) => DisputeDecisionInputSchema.safeParse(input);
    expect(
      decision({ seenStatus: 'escalated', outcome: 'for_customer', note: 'The photos show it.' }).success,
    ).toBe(true);
    // 'accepted' is the customer's way to end a dispute, not an administrator's.
    expect(
      decision({ seenStatus: 'escalated', outcome: 'accepted', note: 'The photos show it.' }).error?.issues[0]
        ?.message,
    ).toBe(DISPUTE_MESSAGES.outcomeRequired);
    expect(
      decision({ seenStatus: 'escalated', outcome: 'for_business', note: 'Fine.' }).error?.issues[0]?.message,
    ).toBe(DISPUTE_MESSAGES.noteTooShort);
  });
});

describe('disputeViewOf', () => {
  it('gives each viewer the actions the table allows them now', () => {
    const open = record();
    expect(disputeViewOf(open, 'business', NOW).actions).toEqual(['answer']);
    expect(disputeViewOf(open, 'customer', NOW).actions).toEqual([]);
    expect(disputeViewOf(open, 'administrator', NOW).actions).toEqual([]);

    const answered = record({
      status: 'awaiting_customer',
      answerKind: 'fix_offered',
      answer: 'I will come back on Monday.',
      answeredAt: ago(HOUR_MS),
    });
    expect(disputeViewOf(answered, 'customer', NOW).actions).toEqual(['accept', 'escalate']);
    expect(disputeViewOf(answered, 'business', NOW).actions).toEqual([]);

    const escalated = record({ status: 'escalated', escalatedAt: ago(1000) });
    expect(disputeViewOf(escalated, 'administrator', NOW).actions).toEqual(['decide']);
    expect(disputeViewOf(escalated, 'customer', NOW).actions).toEqual([]);
    expect(disputeViewOf(escalated, 'business', NOW).actions).toEqual([]);
  });

  it('says when the waiting side may escalate, and offers it once the 48 hours have passed', () => {
    const openedAt = ago(HOUR_MS);
    const waiting = disputeViewOf(record({ createdAt: openedAt }), 'customer', NOW);
    expect(waiting.escalatableAt).toBe(
      new Date(openedAt.getTime() + DISPUTE_ESCALATION_WAIT_MS).toISOString(),
    );
    expect(disputeViewOf(record(), 'business', NOW).escalatableAt).toBeNull();
    const later = new Date(openedAt.getTime() + DISPUTE_ESCALATION_WAIT_MS);
    expect(disputeViewOf(record({ createdAt: openedAt }), 'customer', later).actions).toEqual(['escalate']);
    // A screen left open past the wait offers it without a reload.
    expect(canEscalateNow(waiting, 'customer', NOW)).toBe(false);
    expect(canEscalateNow(waiting, 'customer', new Date(later.getTime() - 1))).toBe(false);
    expect(canEscalateNow(waiting, 'customer', later)).toBe(true);

    const answeredAt = ago(2 * HOUR_MS);
    const answered = record({
      status: 'awaiting_customer',
      answerKind: 'explanation',
      answer: 'The grass was too wet to edge.',
      answeredAt,
    });
    const business = disputeViewOf(answered, 'business', NOW);
    expect(business.escalatableAt).toBe(
      new Date(answeredAt.getTime() + DISPUTE_ESCALATION_WAIT_MS).toISOString(),
    );
    expect(canEscalateNow(business, 'business', NOW)).toBe(false);
    expect(
      canEscalateNow(business, 'business', new Date(answeredAt.getTime() + DISPUTE_ESCALATION_WAIT_MS)),
    ).toBe(true);
    // The customer answering the business needs no wait.
    expect(disputeViewOf(answered, 'customer', NOW).escalatableAt).toBeNull();
    expect(canEscalateNow(disputeViewOf(answered, 'customer', NOW), 'customer', NOW)).toBe(true);
  });

  it('carries the answer and the resolution as dates in ISO form', () => {
    const view = disputeViewOf(
      record({
        status: 'resolved',
        answerKind: 'explanation',
        answer: 'The grass was too wet to edge.',
        answeredAt: ago(3 * HOUR_MS),
        escalatedAt: ago(2 * HOUR_MS),
        outcome: 'for_customer',
        decisionNote: 'The photos show the edges untouched.',
        resolvedAt: ago(HOUR_MS),
      }),
      'customer',
      NOW,
    );
    expect(view).toMatchObject({
      status: 'resolved',
      answer: {
        kind: 'explanation',
        text: 'The grass was too wet to edge.',
        answeredAt: ago(3 * HOUR_MS).toISOString(),
      },
      escalatedAt: ago(2 * HOUR_MS).toISOString(),
      resolution: {
        outcome: 'for_customer',
        note: 'The photos show the edges untouched.',
        resolvedAt: ago(HOUR_MS).toISOString(),
      },
      actions: [],
      escalatableAt: null,
    });
    expect(disputeViewOf(record(), 'customer', NOW)).toMatchObject({ answer: null, resolution: null });
  });
});

describe('the words of a dispute', () => {
  it('says where it stands for each side, and how it ended', () => {
    const view = (overrides: Partial<DisputeRecord>) => disputeViewOf(record(overrides), 'customer', NOW);
    expect(disputeStatusText(view({}), 'customer')).toBe(DISPUTE_STATUS_WORDS.customer.awaiting_business);
    expect(disputeStatusText(view({ status: 'escalated' }), 'business')).toBe('An administrator is deciding');
    const fixed = view({
      status: 'resolved',
      answerKind: 'fix_offered',
      answer: 'I will come back on Monday.',
      answeredAt: ago(2 * HOUR_MS),
      outcome: 'accepted',
      resolvedAt: ago(HOUR_MS),
    });
    expect(disputeStatusText(fixed, 'customer')).toContain('back in progress');
    expect(disputeStatusText(fixed, 'business')).toContain('Mark it complete again');
    expect(disputeOutcomeText('accepted', 'explanation', 'business')).toBe(
      'The customer accepted your explanation: the job is final.',
    );
    expect(disputeOutcomeText('for_customer', 'explanation', 'business')).toBe(
      'Grip decided this dispute for the customer. The job is final.',
    );
    expect(disputeOutcomeText('for_business', null, 'customer')).toContain('for the business');
    expect(ACCEPT_CONSEQUENCES.fix_offered).toContain('back in progress');
  });
});
