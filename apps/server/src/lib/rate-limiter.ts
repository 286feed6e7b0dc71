/**
 * A fixed-window counter per key, in process memory. Enough for one process; across many
 * processes each keeps its own window (documented in docs/architecture.md).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit; returns the seconds to wait when over the limit, else 0. */
  hit(key: string, now = Date.now()): number {
    const current = this.windows.get(key);
    if (!current || now - current.start >= this.windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      this.sweep(now);
      return 0;
    }
    current.count += 1;
    if (current.count <= this.limit) return 0;
    return Math.ceil((current.start + this.windowMs - now) / 1000);
  }

  /**
   * Without counting: the seconds to wait before the next hit would be within the limit (the window
   * already holds `limit` hits), else 0.
   */
  wait(key: string, now = Date.now()): number {
    const current = this.windows.get(key);
    if (!current || now - current.start >= this.windowMs || current.count < this.limit) return 0;
    return Math.ceil((current.start + this.windowMs - now) / 1000);
  }

  private sweep(now: number) {
    if (this.windows.size < 10_000) return;
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
  }
}
