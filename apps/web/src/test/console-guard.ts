/** Shared through globalThis so the setup file and the tests see one state whatever the module graph. */
interface ConsoleGuard {
  errors: unknown[][];
  allowed: boolean;
}

const KEY = Symbol.for('grip.test.consoleGuard');
type WithGuard = typeof globalThis & { [KEY]?: ConsoleGuard };

export function consoleGuardState(): ConsoleGuard {
  const scope = globalThis as WithGuard;
  scope[KEY] ??= { errors: [], allowed: false };
  return scope[KEY];
}

export function resetConsoleGuard(): void {
  const state = consoleGuardState();
  state.errors = [];
  state.allowed = false;
}

export function recordConsoleError(args: unknown[]): void {
  consoleGuardState().errors.push(args);
}

/** Call in a test that expects console.error (the test then checks what it needs itself). */
export function allowConsoleError(): void {
  consoleGuardState().allowed = true;
}
