import type { FastifyInstance } from 'fastify';

export interface ShutdownTiming {
  /** How long /readyz says 503 before the server stops taking requests (a load balancer's check interval). */
  drainMs: number;
  /** How long in-flight requests and deliveries get to finish once closing starts. */
  graceMs: number;
}

/**
 * A graceful stop (docs/operations.md), in order:
 * 1. draining: /readyz answers 503, so a load balancer that checks it sends new work elsewhere, while
 *    this process still answers everything for `drainMs`;
 * 2. closing: the server takes no new connections (requests on open ones get 503 and `Connection:
 *    close`), live streams end with a short, spread-out retry hint so tabs reconnect to another
 *    process (modules/live), in-flight requests finish, the delivery worker finishes its batch (a
 *    send is never cut in half, so never repeated), and the database closes last;
 * 3. the answer: 'closed' when all of that ended within `graceMs`, else 'timed out' (the caller exits
 *    anyway; an unfinished delivery is left to its lease, never sent twice).
 */
export async function shutDown(
  app: FastifyInstance,
  timing: ShutdownTiming,
  /** Settles to end the draining early (a second SIGTERM or Ctrl-C: the operator will not wait). */
  hurry: Promise<void> = new Promise(() => {}),
): Promise<'closed' | 'timed out'> {
  app.grip.draining = true;
  if (timing.drainMs > 0) {
    let drained: NodeJS.Timeout | undefined;
    await Promise.race([new Promise((resolve) => (drained = setTimeout(resolve, timing.drainMs))), hurry]);
    clearTimeout(drained);
  }
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), timing.graceMs);
  });
  try {
    return await Promise.race([app.close().then(() => 'closed' as const), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
