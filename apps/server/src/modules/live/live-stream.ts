import type { ServerResponse } from 'node:http';
import { LIVE_CHANGE_EVENT, LIVE_RESYNC_EVENT, type LiveEvent } from '@grip/domain';

const MAX_BUFFERED_BYTES = 1024 * 1024;

/** One Server-Sent Events frame. Data is one JSON line, so it never needs splitting. */
export function sseFrame(event: string, data: unknown, id?: number): string {
  return `${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * One signed-in tab's stream. Until `open()` it holds what the hub delivers, so nothing raised while
 * the stream replays or reads its starting position slips between the two.
 */
export class LiveStream {
  private held: { id: number; event: LiveEvent }[] | null = [];
  /** Ids already replayed to this stream, so the held ones are not sent twice. */
  private replayed = new Set<number>();
  private closed = false;

  constructor(
    readonly userId: string,
    readonly sessionId: string,
    private readonly res: ServerResponse,
    private readonly onClose: (stream: LiveStream) => void,
    /**
     * A drawn page's position (decision 024): every change up to it had committed before the page's
     * data was read, so one the hub reads late is not told again.
     */
    private readonly holdsUpTo?: number,
  ) {
    res.on('close', () => this.close());
    // The client may have gone while the session was read: then there is nothing to keep.
    if (res.destroyed || res.socket?.destroyed) this.close();
  }

  get isClosed() {
    return this.closed;
  }

  /**
   * A change this user may hear of (the hub decided that). Ids are not checked for order: commits
   * can land out of id order, and a late one must still be told.
   */
  deliver(id: number, event: LiveEvent) {
    if (this.closed || (this.holdsUpTo !== undefined && id <= this.holdsUpTo)) return;
    if (this.held) this.held.push({ id, event });
    else this.write(sseFrame(LIVE_CHANGE_EVENT, event, id));
  }

  /** Replayed events, in order, before the stream opens. */
  replay(events: { id: number; event: LiveEvent }[]) {
    for (const { id, event } of events) {
      this.replayed.add(id);
      this.write(sseFrame(LIVE_CHANGE_EVENT, event, id));
    }
  }

  /** Too much to list: the tab refetches everything it shows (and resumes after `id` when given). */
  resync(id?: number) {
    if (this.held) this.held = [];
    this.write(sseFrame(LIVE_RESYNC_EVENT, {}, id));
  }

  /** Sends 'ready' with the position to resume from, then whatever arrived meanwhile. */
  open(readyId: number) {
    if (this.closed || !this.held) return;
    const held = this.held;
    this.held = null;
    this.write(sseFrame('ready', {}, readyId));
    for (const { id, event } of held) {
      if (!this.replayed.has(id)) this.write(sseFrame(LIVE_CHANGE_EVENT, event, id));
    }
    this.replayed.clear();
  }

  heartbeat() {
    if (!this.held) this.write(': keep-alive\n\n');
  }

  write(chunk: string) {
    if (this.closed) return;
    // A client that stopped reading is not buffered for without end: it reconnects and replays.
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.close();
      return;
    }
    this.res.write(chunk);
  }

  /**
   * Ends the stream because this process is stopping: the tab reconnects after `retryMs` (the SSE
   * `retry` field), through the load balancer to a process that is still running, from its last id.
   */
  closeForShutdown(retryMs: number) {
    if (!this.closed) this.res.write(`retry: ${Math.round(retryMs)}\n\n`);
    this.close();
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.held = null;
    if (!this.res.writableEnded) this.res.end();
    this.onClose(this);
  }
}
