import { decide, type Actor, type Lifecycle } from '@grip/domain';
import { Conflict, Forbidden } from './errors';

/**
 * The one way the server changes a status: the lifecycle's table decides (packages/domain
 * lifecycles), and this returns the state to write or refuses in the table's words — 403 when the
 * actor may not take the action at all, 409 when the state or a guard says no (the state changed
 * under the caller). Callers find the row and its owner first: someone else's row is a 404 before this.
 */
export function transition<S extends string, A extends string, F>(
  lifecycle: Lifecycle<S, A, F>,
  action: A,
  who: Actor,
  state: S,
  facts: F,
): S {
  const decision = decide(lifecycle, action, who, state, facts);
  if (decision.allowed) return decision.to;
  throw decision.reason === 'who' ? new Forbidden(decision.refusal) : new Conflict(decision.refusal);
}
