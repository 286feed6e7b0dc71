import { describe, expect, it } from 'vitest';
import { checkBudgets, quickFailures, type Figures } from './budgets';
import { datasetSql, FULL_SIZE, sizeFor } from './dataset';

const api = (reqPerSec: number, p99Ms = 10) => ({ reqPerSec, p50Ms: 1, p95Ms: 5, p99Ms });

const figures = (over: Partial<Figures['api']> = {}): Figures => ({
  helloReqPerSec: 10_000,
  api: {
    'matching feed': api(1_200, 40),
    'authenticated trivial route': api(6_500),
    'send message': api(400, 90),
    ...over,
  },
  pgliteFeedReqPerSec: 400,
});

describe('budgets', () => {
  it('judges throughput as a ratio to the same run’s hello-world, with the latency bound', () => {
    const checks = checkBudgets(figures());
    const byWhat = Object.fromEntries(checks.map((c) => [c.what, c]));
    expect(byWhat['matching feed on PostgreSQL (50 connections)']?.met).toBe(true);
    expect(byWhat['matching feed on PostgreSQL (50 connections)']?.ratio?.value).toBeCloseTo(0.12);
    expect(byWhat['authenticated trivial route (GET /api/push/key)']?.met).toBe(true);
    expect(byWhat['PGlite mode, matching feed']?.ratio?.value).toBeCloseTo(400 / 1200);
    const slow = checkBudgets(figures({ 'matching feed': api(1_200, 80) }));
    expect(slow.find((c) => c.what.startsWith('matching feed'))?.met).toBe(false);
  });

  it('fails the quick gate below half the budget, or half the recorded ratio where the budget is out of reach', () => {
    const recorded = { 'matching feed on PostgreSQL (50 connections)': 0.012 };
    // 0.007 of hello-world: far under the 0.10 budget, but above half the recorded 0.012.
    const held = quickFailures(checkBudgets(figures({ 'matching feed': api(70) })), recorded);
    expect(held.map((c) => c.what)).toEqual([]);
    // A collapse to 0.005 fails, recorded floor or not.
    const collapsed = quickFailures(checkBudgets(figures({ 'matching feed': api(50) })), recorded);
    expect(collapsed.map((c) => c.what)).toEqual(['matching feed on PostgreSQL (50 connections)']);
    // Without a recorded figure the budget itself is the floor: 0.25 is under half of 0.6.
    const trivial = quickFailures(checkBudgets(figures({ 'authenticated trivial route': api(2_500) })), {});
    expect(trivial.map((c) => c.what)).toEqual(['authenticated trivial route (GET /api/push/key)']);
  });
});

describe('the quick gate and live updates', () => {
  const sse = (delivered: number, p99Ms: number) => ({
    processes: 1,
    streams: 300,
    bytesPerIdleStream: 13_000,
    p99Ms,
    delivered,
    sent: 1_500,
    offeredPerSec: 500,
    sentPerSec: 480,
  });

  it('fails on a lost event whatever the host, and leaves a slow one to the full run', () => {
    const lost = quickFailures(checkBudgets({ ...figures(), sse: [sse(1_499, 20)] }), {});
    expect(lost.map((c) => c.what)).toEqual(['SSE (one process)']);
    const slow = checkBudgets({ ...figures(), sse: [sse(1_500, 400)] });
    expect(slow.find((c) => c.what.startsWith('SSE'))?.met).toBe(false);
    expect(quickFailures(slow, {}).map((c) => c.what)).toEqual([]);
  });

  it('holds every Lighthouse page to its score, paint and blocking time, and the quick gate to a collapse', () => {
    const page = (
      label: string,
      performance: number,
      over: Partial<NonNullable<Figures['lighthouse']>[number]> = {},
    ) => ({
      label,
      performance,
      accessibility: 100,
      bestPractices: 100,
      cls: 0.01,
      lcpMs: 1_800,
      tbtMs: 120,
      benchmarkIndex: 1_500,
      ...over,
    });
    const checks = checkBudgets({
      ...figures(),
      lighthouse: [
        page('landing page', 93),
        page('My Requests', 93),
        page('customer home', 96, { tbtMs: 260 }),
        page('business dashboard', 40),
      ],
    });
    const met = Object.fromEntries(
      checks.filter((c) => c.what.startsWith('Lighthouse')).map((c) => [c.what, c.met]),
    );
    expect(met).toEqual({
      'Lighthouse mobile: landing page': false, // the landing page must reach 95
      'Lighthouse mobile: My Requests': true,
      'Lighthouse mobile: customer home': false, // blocking time over 200 ms
      'Lighthouse mobile: business dashboard': false,
    });
    expect(quickFailures(checks, {}).map((c) => c.what)).toEqual(['Lighthouse mobile: business dashboard']);
  });
});

describe('dataset', () => {
  it('is the issue’s marketplace at full size', () => {
    expect(FULL_SIZE.requests * FULL_SIZE.responsesPerRequest).toBe(300_000);
    expect(FULL_SIZE).toMatchObject({ customers: 20_000, businesses: 2_000, messages: 1_000_000 });
  });

  it('scales with the requests and keeps enough businesses for three quotes a request', () => {
    const small = sizeFor(2_000);
    expect(small.requests).toBe(2_000);
    expect(small.messages).toBe(20_000);
    expect(Math.floor(small.businesses / 64)).toBeGreaterThanOrEqual(small.responsesPerRequest);
  });

  it('loads with the live-event triggers off and turns them back on', () => {
    const sql = datasetSql(sizeFor(2_000), new Date('2026-11-24T00:00:00Z'));
    expect(sql[0]).toBe('set session_replication_role = replica');
    expect(sql).toContain('set session_replication_role = origin');
    expect(sql.join('\n')).not.toMatch(/undefined|NaN/);
  });
});
