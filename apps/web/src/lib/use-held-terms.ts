import { useState } from 'react';

export interface HeldTerms<T> {
  /** The terms on screen now: the live ones, which are what an agreement from this screen names. */
  shown: T;
  /**
   * What the screen showed before the other party changed the terms while it was open, or null. While
   * set, the screen says so beside the new terms (decision 019): a live refresh never swaps the terms
   * under an agreement without the words, so the next press agrees to terms shown as changed.
   */
  before: T | null;
  /** The change has been answered (the agreement went through, or the screen closed it). */
  settle: () => void;
}

/**
 * Terms an agreement screen holds from the moment it opened (decision 019): the Accept As-Is dialog,
 * the business's card with the customer's counter offer, Edit Offer. A live event refetches the
 * business's queries at any time; when that brings terms of another version, the screen shows them
 * only together with what they were (`before`), never silently. A first version (nothing to agree to
 * before) and terms that go away are not changes. `versionOf` names the terms (null: none).
 *
 * Computed during render, as React documents for state that follows props, so no frame ever shows the
 * new terms without the change flagged.
 */
export function useHeldTerms<T>(live: T, versionOf: (terms: T) => string | null): HeldTerms<T> {
  const [state, setState] = useState<{ last: T; before: T | null }>({ last: live, before: null });
  const liveVersion = versionOf(live);
  const lastVersion = versionOf(state.last);
  let { before } = state;
  if (liveVersion !== lastVersion) {
    before = liveVersion === null ? null : lastVersion === null ? state.before : state.last;
    setState({ last: live, before });
  }
  return {
    shown: live,
    before,
    settle: () => setState((s) => ({ last: s.last, before: null })),
  };
}
