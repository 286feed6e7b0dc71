/**
 * A lifecycle is a table of transitions — from, action, who, guards, to — and the one place a status
 * may change. The server performs a transition only after `decide` allows it and writes the state
 * the table names; the web app asks `allowedActions` (through the domain's per-screen helpers) which
 * buttons to show. Adding a state or an action is a row and its tests (lifecycles.test.ts walks them).
 */

/** Who takes an action: one of the two parties, or Grip itself (a consequence of another transition). */
export const ACTORS = ['customer', 'business', 'grip'] as const;
export type Actor = (typeof ACTORS)[number];

/** A condition of a transition, with the words a refusal gives when it does not hold. */
export interface Guard<S extends string, F> {
  refusal: string;
  holds: (facts: F, state: S) => boolean;
}

export interface Transition<S extends string, A extends string, F> {
  action: A;
  who: readonly Actor[];
  from: readonly S[];
  /** The state after; omitted when the action leaves it as it is (an edit, a counter offer). */
  to?: S;
  /**
   * Checked before the state: conditions outside this lifecycle that decide first which words a
   * refusal gives (the request archived, the offer archived). Rows of one action by one actor share them.
   */
  before?: readonly Guard<S, F>[];
  /** The words when the state does not allow the action (they may name the state). */
  refusedFrom: string | ((state: S) => string);
  /** Checked after the state, in order; the first that does not hold gives the refusal. */
  guards?: readonly Guard<S, F>[];
}

export interface Lifecycle<S extends string, A extends string, F> {
  name: string;
  states: readonly S[];
  /** The state a new row starts in. */
  initial: S;
  transitions: readonly Transition<S, A, F>[];
}

/** Allowed, with the state to write; or refused, saying why in the words the server answers with. */
export type Decision<S extends string> =
  { allowed: true; to: S } | { allowed: false; reason: 'who' | 'state' | 'guard'; refusal: string };

/** The refusal when an actor may not take an action at all (the server checks ownership first). */
export const NOT_YOURS = 'This action is not yours to take.';

export function defineLifecycle<S extends string, A extends string, F>(
  lifecycle: Lifecycle<S, A, F>,
): Lifecycle<S, A, F> {
  for (const row of lifecycle.transitions) {
    for (const state of [...row.from, ...(row.to ? [row.to] : [])])
      if (!lifecycle.states.includes(state))
        throw new Error(`${lifecycle.name}: ${row.action} names an unknown state ${state}`);
  }
  return lifecycle;
}

function firstRefusal<S extends string, F>(
  guards: readonly Guard<S, F>[] | undefined,
  facts: F,
  state: S,
): string | null {
  return guards?.find((g) => !g.holds(facts, state))?.refusal ?? null;
}

/**
 * Whether `who` may take `action` from `state` with these facts: the actor, then the row's `before`
 * conditions, then the state, then its guards. The first refusal is the one given.
 */
export function decide<S extends string, A extends string, F>(
  lifecycle: Lifecycle<S, A, F>,
  action: A,
  who: Actor,
  state: S,
  facts: F,
): Decision<S> {
  const rows = lifecycle.transitions.filter((t) => t.action === action && t.who.includes(who));
  if (rows.length === 0) return { allowed: false, reason: 'who', refusal: NOT_YOURS };
  const row = rows.find((t) => t.from.includes(state));
  const before = firstRefusal((row ?? rows[0]!).before, facts, state);
  if (before) return { allowed: false, reason: 'guard', refusal: before };
  if (!row) {
    const refusedFrom = rows[0]!.refusedFrom;
    return {
      allowed: false,
      reason: 'state',
      refusal: typeof refusedFrom === 'string' ? refusedFrom : refusedFrom(state),
    };
  }
  const guard = firstRefusal(row.guards, facts, state);
  if (guard) return { allowed: false, reason: 'guard', refusal: guard };
  return { allowed: true, to: row.to ?? state };
}

/** The actions `who` may take now: what the screens offer. */
export function allowedActions<S extends string, A extends string, F>(
  lifecycle: Lifecycle<S, A, F>,
  who: Actor,
  state: S,
  facts: F,
): A[] {
  const actions = [...new Set(lifecycle.transitions.filter((t) => t.who.includes(who)).map((t) => t.action))];
  return actions.filter((action) => decide(lifecycle, action, who, state, facts).allowed);
}

/** The states an action starts from: what a set-based write (every offer still in play) selects. */
export function statesFrom<S extends string, A extends string, F>(
  lifecycle: Lifecycle<S, A, F>,
  action: A,
): S[] {
  return [...new Set(lifecycle.transitions.filter((t) => t.action === action).flatMap((t) => t.from))];
}

/** The state an action leads to (every row of an action that changes state names one target). */
export function stateAfter<S extends string, A extends string, F>(
  lifecycle: Lifecycle<S, A, F>,
  action: A,
): S {
  const targets = new Set(lifecycle.transitions.filter((t) => t.action === action).map((t) => t.to));
  const [to] = targets;
  if (targets.size !== 1 || to === undefined)
    throw new Error(`${lifecycle.name}: ${action} does not lead to one state`);
  return to;
}

/**
 * A stored status read as a state of the lifecycle. The columns hold only the table's states; a value
 * outside them (an older row, a typo in a fixture) is named, not guessed.
 */
export function stateOf<S extends string, A extends string, F>(
  lifecycle: Lifecycle<S, A, F>,
  value: string,
): S {
  if (!(lifecycle.states as readonly string[]).includes(value))
    throw new Error(`${lifecycle.name}: ${value} is not a state`);
  return value as S;
}
