// HTTP load with autocannon on loopback, bounded in time, repeated and reduced to medians: a shared
// 2-core machine is noisy, so one run proves nothing and the median of several is what we report.
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

// autocannon reports p90 and p97.5 but not p95. Its percentile list is one shared array in the
// package it summarises histograms with: adding 95 there makes every result carry an exact `p95`.
const fromAutocannon = createRequire(createRequire(import.meta.url).resolve('autocannon'));
const summary = fromAutocannon('hdr-histogram-percentiles-obj') as { percentiles: number[] };
if (!summary.percentiles.includes(95)) summary.percentiles.push(95);

export interface LoadFigures {
  /** Median over the runs of the mean requests per second. */
  reqPerSec: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** Answers that were not 2xx, and connection errors or timeouts, over all runs. */
  non2xx: number;
  errors: number;
  runs: number;
  /** Every run's own figures, for bench/results. */
  raw: { reqPerSec: number; p50Ms: number; p95Ms: number; p99Ms: number; requests: number }[];
}

export interface LoadTarget {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A fresh body per request (a new clientId). */
  body?: () => string;
  /** A fresh path per request (the next request to quote on); `url` then gives only the origin. */
  pathFor?: () => string;
  connections?: number;
  durationSec: number;
  runs: number;
  /** At most this many requests over the warm-up and all runs (for writes that use up their targets); each run still ends at its duration. */
  amount?: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

function once(target: LoadTarget): Promise<autocannon.Result> {
  const { body: makeBody, pathFor } = target;
  return autocannon({
    url: target.url,
    connections: target.connections ?? 50,
    duration: target.durationSec,
    // A cap, not a count: autocannon's `amount` would ignore the duration, and a run of a slow route
    // over many targets (quotes on PGlite) would last minutes. With this the run ends at its duration
    // or when the cap is used up, whichever comes first.
    maxOverallRequests: target.amount,
    timeout: 10,
    headers: { 'content-type': 'application/json', ...target.headers },
    requests: [
      {
        method: target.method ?? 'GET',
        ...(makeBody || pathFor
          ? {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                ...(makeBody ? { body: makeBody() } : {}),
                ...(pathFor ? { path: pathFor() } : {}),
              }),
            }
          : {}),
      },
    ],
  });
}

/** A short warm-up (JIT, connection pools, the database's caches), then `runs` measured runs. */
export async function measure(target: LoadTarget): Promise<LoadFigures> {
  const warmUp = target.amount ? Math.min(Math.floor(target.amount / 10), 200) : undefined;
  const perRun = target.amount ? Math.floor((target.amount - (warmUp ?? 0)) / target.runs) : undefined;
  await once({ ...target, durationSec: 1, amount: warmUp });
  const raw: LoadFigures['raw'] = [];
  let non2xx = 0;
  let errors = 0;
  for (let i = 0; i < target.runs; i++) {
    const result = await once({ ...target, amount: perRun });
    non2xx += result.non2xx;
    errors += result.errors + result.timeouts;
    raw.push({
      reqPerSec: result.requests.average,
      p50Ms: result.latency.p50,
      p95Ms: (result.latency as unknown as Record<string, number>).p95 ?? Number.NaN,
      p99Ms: result.latency.p99,
      requests: result.requests.total,
    });
  }
  return {
    reqPerSec: median(raw.map((r) => r.reqPerSec)),
    p50Ms: median(raw.map((r) => r.p50Ms)),
    p95Ms: median(raw.map((r) => r.p95Ms)),
    p99Ms: median(raw.map((r) => r.p99Ms)),
    non2xx,
    errors,
    runs: target.runs,
    raw,
  };
}

export { median };
