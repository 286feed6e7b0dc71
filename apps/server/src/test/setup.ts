import { afterEach, beforeEach, vi } from 'vitest';

/** A test fails on an unexpected console.error: errors must be handled, not printed. */
const logged: unknown[][] = [];
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    logged.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  const errors = logged.splice(0);
  if (errors.length > 0) {
    throw new Error(
      `Unexpected console.error:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});
