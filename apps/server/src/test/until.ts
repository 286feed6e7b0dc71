/** Polls `check` until it holds: waits for a state, never for a duration (the machine may be slow). */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  options: { timeoutMs?: number; everyMs?: number } = {},
): Promise<void> {
  const { timeoutMs = 20_000, everyMs = 10 } = options;
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
