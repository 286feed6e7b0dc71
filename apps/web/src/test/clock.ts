import { defaultScheduler, notifyManager, type QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { vi } from 'vitest';

// Captured before any test fakes them: the helpers below wait in real time while a faked clock stands still.
const realSetTimeout = globalThis.setTimeout.bind(globalThis);
const realNow = performance.now.bind(performance);

/**
 * How long findBy* and waitFor may wait for a state before failing (set in setup.ts). A wait ends as
 * soon as its state holds, so a long ceiling costs nothing while tests pass; Testing Library's default
 * second only made correct tests fail on a busy machine (a page's lazy code, a whole-app render).
 */
export const ASYNC_UTIL_TIMEOUT_MS = 15_000;

/**
 * Fakes the clock the app's own timers read (toasts, debounces, retry delays, countdowns), so a test
 * checks a boundary in faked milliseconds instead of waiting real ones. The clock follows real time
 * until `freezeClock()`, so Testing Library's waits and user-event keep working meanwhile; fetches,
 * lazy code and React's scheduler are left real.
 */
export function useFakeClock(): void {
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  // React Query hands each update to React on a zero-delay timer: plumbing, not the app's time. On a
  // frozen clock it could stall, as a zero delay set while timers run is put 1 ms later (sinon).
  notifyManager.setScheduler((notify) => realSetTimeout(notify, 0));
}

/** After each test (setup.ts): real timers again, and React Query back on its own scheduler. */
export function resetClock(): void {
  vi.useRealTimers();
  notifyManager.setScheduler(defaultScheduler);
}

/**
 * Stops the faked clock from following real time: from here only `advance()` moves it, so a timer
 * armed now fires exactly when the test says, however slow the machine is. user-event still works
 * (renderApp's advances its pauses; see `asyncWrapper`), but findBy* and waitFor do not (their polls
 * and time-out are timers): wait with `settleUntil` until `resumeClock()`.
 */
export function freezeClock(): void {
  vi.setTimerTickMode('manual');
}

/** Lets the faked clock follow real time again, for the waits that come after a checked boundary. */
export function resumeClock(): void {
  vi.setTimerTickMode('interval', 20);
}

/**
 * Types `text` with the faked clock standing still, as one burst: however slow the machine, a debounce
 * sees a single change (with real time, a busy machine's pauses between keys could end one mid-word).
 * The user must advance a faked clock (renderApp's does; else `advanceTimers: advanceFakeTimers`).
 * The clock follows real time again afterwards.
 */
export async function typeAtOnce(user: UserEvent, element: Element, text: string): Promise<void> {
  freezeClock();
  try {
    await user.type(element, text);
  } finally {
    resumeClock();
  }
}

/** Moves the faked clock by `ms`, running the timers that fall due and the work they start, in act. */
export async function advance(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/**
 * With the clock frozen, waits (in real time, up to the usual ceiling) until `check` passes, running
 * only timers already due (React Query's notifications, user-event's zero delays): time stands still.
 * vi.waitFor would not do: it moves a faked clock by its polling interval.
 */
export async function settleUntil(check: () => void): Promise<void> {
  const deadline = realNow() + ASYNC_UTIL_TIMEOUT_MS;
  for (;;) {
    await advance(0);
    try {
      check();
      return;
    } catch (error) {
      if (realNow() > deadline) throw error;
    }
    // A poll, as waitFor does: it lets fetches and lazy code arrive, and ends as soon as `check` holds.
    // In act, as what arrives meanwhile updates React.
    await act(() => new Promise((resolve) => realSetTimeout(resolve, 10)));
  }
}

/**
 * For "...and nothing more is sent": waits until React Query has had no fetch or mutation in flight
 * for a few turns of the event loop, each in act so React runs the effects that could start another.
 * Turns, not milliseconds: as many on a busy machine as on an idle one, where a fixed pause would end
 * before a slow app's duplicate. An app that never stops fetching fails here.
 */
export async function untilIdle(queryClient: QueryClient): Promise<void> {
  const deadline = realNow() + ASYNC_UTIL_TIMEOUT_MS;
  for (let quietTurns = 0; quietTurns < 3;) {
    await act(() => new Promise((resolve) => realSetTimeout(resolve, 0)));
    quietTurns = queryClient.isFetching() + queryClient.isMutating() === 0 ? quietTurns + 1 : 0;
    if (realNow() > deadline) throw new Error('Still fetching or sending after the wait ceiling');
  }
}

type WithActEnvironment = typeof globalThis & { IS_REACT_ACT_ENVIRONMENT?: boolean };

/**
 * Testing Library's asyncWrapper (user-event's calls and waitFor run in it), as
 * @testing-library/react's own: no act() environment while it waits, then a zero-delay timer to let
 * what is in flight settle. That timer is a real one here, as a frozen fake clock would never run it.
 */
export async function asyncWrapper<T>(callback: () => Promise<T>): Promise<T> {
  const scope = globalThis as WithActEnvironment;
  const previous = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    const result = await callback();
    await new Promise((resolve) => realSetTimeout(resolve, 0));
    return result;
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = previous;
  }
}

/**
 * For `userEvent.setup({ advanceTimers })`: user-event pauses between steps on timers, which a frozen
 * fake clock would never fire; on real timers this does nothing.
 */
export function advanceFakeTimers(ms: number): void {
  if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
}
