import http from 'node:http';
import { LiveEventSchema, type LiveEvent } from '@grip/domain';

export interface SseEvent {
  id?: string;
  event: string;
  data: LiveEvent | null;
}

export interface LiveClient {
  contentType: string;
  /** Everything received so far, as text. */
  raw: string;
  events: SseEvent[];
  /** Resolves with the 'ready' event. */
  ready: Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** The change events received so far. */
  changes(): LiveEvent[];
  /** The first event (already received or still to come) that matches. */
  next(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
}

/** Parses complete SSE frames off the front of `buffer`; returns them and what is left. */
function parseFrames(buffer: string): { frames: SseEvent[]; rest: string } {
  const frames: SseEvent[] = [];
  let rest = buffer;
  let end = rest.indexOf('\n\n');
  while (end >= 0) {
    const block = rest.slice(0, end);
    rest = rest.slice(end + 2);
    end = rest.indexOf('\n\n');
    let id: string | undefined;
    let event = 'message';
    let data: string | null = null;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const [field, ...value] = line.split(': ');
      const text = value.join(': ');
      if (field === 'id') id = text;
      else if (field === 'event') event = text;
      else if (field === 'data') data = text;
    }
    if (data === null) continue; // a comment or a bare retry line
    const parsed = LiveEventSchema.safeParse(JSON.parse(data));
    frames.push({ id, event, data: parsed.success ? parsed.data : null });
  }
  return { frames, rest };
}

/** A real HTTP client of GET /api/events (what a browser's EventSource does), for tests. */
export function openLiveStream(
  base: string,
  cookie: string,
  lastEventId?: number,
  query = '',
): Promise<LiveClient> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${base}/api/events${query}`,
      {
        headers: {
          cookie,
          accept: 'text/event-stream',
          ...(lastEventId !== undefined ? { 'last-event-id': String(lastEventId) } : {}),
        },
      },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream answered ${res.statusCode}`));
          res.resume();
          return;
        }
        let buffer = '';
        const waiters: { match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
        let endedResolve: () => void = () => {};
        const client: LiveClient = {
          contentType: String(res.headers['content-type']),
          raw: '',
          events: [],
          ready: Promise.resolve(null as never),
          ended: new Promise<void>((r) => (endedResolve = r)),
          changes: () => client.events.filter((e) => e.event === 'change' && e.data).map((e) => e.data!),
          next(match, timeoutMs = 15_000) {
            const found = client.events.find(match);
            if (found) return Promise.resolve(found);
            return new Promise((resolveNext, rejectNext) => {
              const timer = setTimeout(() => rejectNext(new Error('no such event arrived')), timeoutMs);
              waiters.push({
                match,
                resolve: (e) => {
                  clearTimeout(timer);
                  resolveNext(e);
                },
              });
            });
          },
          close: () => req.destroy(),
        };
        client.ready = client.next((e) => e.event === 'ready');
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          client.raw += chunk;
          const { frames, rest } = parseFrames(buffer + chunk);
          buffer = rest;
          for (const f of frames) {
            client.events.push(f);
            for (const w of [...waiters]) {
              if (w.match(f)) {
                waiters.splice(waiters.indexOf(w), 1);
                w.resolve(f);
              }
            }
          }
        });
        res.on('end', () => endedResolve());
        res.on('close', () => endedResolve());
        resolve(client);
      },
    );
    req.on('error', (err) => {
      if ((err as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(err);
    });
  });
}
