// `npm run bench` (the full suite, under 15 minutes) and `npm run bench:quick` (small data, under 2
// minutes, in CI). Runs against the production build; writes bench/results/latest.json (and a dated
// copy; raw runs are not committed) and the table in docs/performance.md; exits non-zero in quick
// mode when a throughput ratio falls below half its budget. `--only=baseline,api,...` runs some phases
// while working on them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { helloWorld, pgSelectLoop } from './lib/baseline';
import { checkBudgets, LANDING_PAGE, quickFailures, type Figures } from './lib/budgets';
import { FULL_SIZE, sizeFor } from './lib/dataset';
import { endpoints } from './lib/endpoints';
import { explainRoutes } from './lib/growth';
import { measureLive, type LiveFigures } from './lib/live';
import { bundleSizes, lighthousePages } from './lib/pages';
import { measure, median, type LoadFigures } from './lib/load';
import {
  buildMarketplace,
  BENCH_BUSINESS,
  BENCH_CUSTOMER,
  signIn,
  type DatabaseKind,
  type Marketplace,
} from './lib/marketplace';
import { NGINX_BINARY, startNginx } from './lib/nginx';
import { ROOT, startGrip } from './lib/processes';
import { writeReport } from './lib/report';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const PHASES = ['baseline', 'api', 'pglite', 'live', 'cluster', 'growth', 'pages', 'startup'] as const;
type Phase = (typeof PHASES)[number];
const unknown = only?.filter((p) => !(PHASES as readonly string[]).includes(p)) ?? [];
if (unknown.length) {
  console.error(`Unknown phase: ${unknown.join(', ')}. The phases are: ${PHASES.join(', ')}.`);
  process.exit(2);
}
const runs = (phase: Phase) => (only ? only.includes(phase) : true);

const PG_ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.BENCH_PORT ?? 3300);
/** Seconds per measured run and runs per figure (the median is reported). */
const DURATION = quick ? 2 : 5;
const RUNS = 3;
/** Messages a second offered to the live phase (issue 29: 500, up from 200). */
const LIVE_MESSAGES_PER_SEC = 500;

/** The routes of the capacity table (docs/operations.md). */
const CAPACITY_ROUTES: string[] = [
  'authenticated trivial route',
  'matching feed',
  'conversation page',
  'send message',
];

const started = performance.now();
/** Routes that answered with errors under load (each named by database and route). */
const broken: string[] = [];
const log = (line: string) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

function ensureBuild() {
  const built = ['apps/server/dist/server.js', 'apps/web/dist/index.html'].every((f) =>
    fs.existsSync(path.join(ROOT, f)),
  );
  if (built && !args.includes('--build')) return;
  log('building (npm run build)');
  const result = spawnSync('npm', ['run', '-s', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the build failed');
}

const summary = (f: LoadFigures) =>
  `${Math.round(f.reqPerSec)} req/s, p50 ${f.p50Ms} ms, p95 ${f.p95Ms} ms, p99 ${f.p99Ms} ms${f.non2xx || f.errors ? `, ${f.non2xx} non-2xx, ${f.errors} errors` : ''}`;

/** Starts Grip on a marketplace, signs the two accounts in and measures the named endpoints. */
async function loadApi(market: Marketplace, names: string[] | 'all', connections = 50) {
  const server = await startGrip({ port: PORT, databaseUrl: market.databaseUrl, dataDir: market.dataDir });
  try {
    const sessions = {
      customer: await signIn(server.url, BENCH_CUSTOMER),
      business: await signIn(server.url, BENCH_BUSINESS),
    };
    const results: Record<string, LoadFigures & { path: string }> = {};
    // A route that answered with errors was not measured, whatever its speed: say so, and fail quick.
    const erred = (f: LoadFigures) => f.non2xx + f.errors > 0;
    for (const endpoint of endpoints(server.url, market, sessions)) {
      if (names !== 'all' && !names.includes(endpoint.name)) continue;
      const figures = await measure({ ...endpoint, connections, durationSec: DURATION, runs: RUNS });
      results[endpoint.name] = { ...figures, path: endpoint.path };
      if (erred(figures)) broken.push(`${market.kind} ${endpoint.name}`);
      log(`  ${market.kind} ${endpoint.name}: ${summary(figures)}`);
    }
    return { results, serverRssBytes: await server.rss() };
  } finally {
    await server.stop();
  }
}

async function main() {
  ensureBuild();
  const size = quick ? sizeFor(2_000) : FULL_SIZE;
  const results: Record<string, unknown> = {
    startedAt: new Date().toISOString(),
    mode: quick ? 'quick' : 'full',
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    settings: { durationSec: DURATION, runs: RUNS, connections: 50 },
    dataset: size,
  };
  const figures: Figures = { helloReqPerSec: Number.NaN, api: {} };

  if (runs('baseline') || runs('api')) {
    log('baseline: bare Fastify hello-world');
    const hello = await helloWorld(PORT + 50, DURATION, RUNS);
    figures.helloReqPerSec = hello.reqPerSec;
    log(`  hello-world: ${summary(hello)}`);
    const select = await pgSelectLoop(PG_ADMIN_URL, Math.min(DURATION, 3), RUNS);
    log(`  pg primary-key select loop: ${Math.round(select.queriesPerSec)} queries/s on one connection`);
    results.baseline = { helloWorld: hello, pgSelectLoop: select };
  }

  const markets: Partial<Record<DatabaseKind, Marketplace>> = {};
  const buildPostgresMarket = () =>
    buildMarketplace({
      kind: 'postgres',
      adminUrl: PG_ADMIN_URL,
      name: process.env.BENCH_DB_NAME ?? 'grip_bench',
      size,
      port: PORT,
      log,
    });
  if (runs('api')) {
    log(
      `PostgreSQL: building the marketplace (${size.requests.toLocaleString('en')} requests, ${size.messages.toLocaleString('en')} messages)`,
    );
    markets.postgres = await buildPostgresMarket();
    // The quick variant measures what its gate checks; the full suite every route.
    const api = await loadApi(
      markets.postgres,
      quick
        ? [
            'authenticated trivial route',
            'matching feed',
            'conversation page',
            'send message',
            'submit quote',
          ]
        : 'all',
    );
    for (const [name, f] of Object.entries(api.results)) figures.api[name] = f;
    results.api = {
      postgres: api.results,
      serverRssBytes: api.serverRssBytes,
      loadSeconds: markets.postgres.loadSeconds,
    };
  }

  if (runs('pglite')) {
    log('PGlite: building the marketplace');
    markets.pglite = await buildMarketplace({
      kind: 'pglite',
      adminUrl: PG_ADMIN_URL,
      name: `${process.env.BENCH_DB_NAME ?? 'grip_bench'}_pglite`,
      size,
      port: PORT,
      log,
    });
    // Quick: the feed and one write (the quote's PGlite ratio is the full run's: CI has a time budget).
    const api = await loadApi(markets.pglite, quick ? ['matching feed', 'send message'] : 'all');
    figures.pgliteFeedReqPerSec = api.results['matching feed']?.reqPerSec;
    figures.pgliteApi = api.results;
    results.pglite = {
      api: api.results,
      serverRssBytes: api.serverRssBytes,
      loadSeconds: markets.pglite.loadSeconds,
    };
  }

  if (runs('live') && markets.postgres) {
    const streams = quick ? 300 : 5000;
    const market = markets.postgres;
    // One process, then two on the same PostgreSQL with the streams spread over both (messages sent
    // through the first): every process reads every change (issue 29), so the second must cost little.
    const variants: Record<string, LiveFigures> = {};
    // Quick (CI, under its time budget): two processes only — the sending process holds streams too,
    // so one process's delivery is in it, and every event that crosses processes.
    for (const processes of quick ? [2] : [1, 2]) {
      log(
        `live updates: ${streams} idle streams on ${processes} process${processes > 1 ? 'es' : ''}, messages at ${LIVE_MESSAGES_PER_SEC} a second (PostgreSQL)`,
      );
      const servers: Awaited<ReturnType<typeof startGrip>>[] = [];
      try {
        for (let i = 0; i < processes; i++) {
          servers.push(
            await startGrip({
              port: PORT + i,
              databaseUrl: market.databaseUrl,
              dataDir: market.dataDir,
              inspectPort: PORT + 60 + i,
            }),
          );
        }
        const live = await measureLive({
          base: servers[0]!.url,
          listenBases: servers.map((s) => s.url),
          serverRss: async () =>
            (await Promise.all(servers.map((s) => s.rssAfterGc()))).reduce((x, y) => x + y),
          streams,
          eventsPerSec: LIVE_MESSAGES_PER_SEC,
          durationSec: quick ? 3 : 10,
          conversationId: market.conversationId,
          customerCookie: await signIn(servers[0]!.url, BENCH_CUSTOMER),
          businessCookie: await signIn(servers[0]!.url, BENCH_BUSINESS),
          log,
        });
        variants[processes === 1 ? 'oneProcess' : 'twoProcesses'] = live;
        (figures.sse ??= []).push({
          processes,
          streams: live.streams,
          bytesPerIdleStream: live.bytesPerIdleStream,
          p99Ms: live.p99Ms,
          delivered: live.delivered,
          sent: live.sent,
          offeredPerSec: live.offeredPerSec,
          sentPerSec: live.eventsPerSec,
        });
        log(
          `  ${processes} process${processes > 1 ? 'es' : ''}: ${live.streams} streams, ${(live.bytesPerIdleStream / 1024).toFixed(1)} KB each; ` +
            `${live.delivered}/${live.sent} delivered, sent at ${live.eventsPerSec.toFixed(0)}/s of ${live.offeredPerSec} offered; ` +
            `p50 ${live.p50Ms.toFixed(1)} ms, p95 ${live.p95Ms.toFixed(1)} ms, p99 ${live.p99Ms.toFixed(1)} ms`,
        );
      } finally {
        for (const server of servers) await server.stop();
      }
    }
    results.live = variants;
  }

  // Capacity (docs/operations.md): the same routes through nginx in front of one process, then three on
  // one PostgreSQL. On one machine the processes share its cores with PostgreSQL and the load
  // generator, so this shows what a second and third process cost and add here, not a cluster's ceiling.
  if (runs('cluster') && !quick) {
    if (!NGINX_BINARY) {
      log('capacity: skipped, nginx is not installed (apt-get install nginx)');
    } else {
      markets.postgres ??= await buildPostgresMarket();
      const market = markets.postgres;
      const capacity: Record<string, Record<string, LoadFigures & { path: string }>> = {};
      for (const processes of [1, 3]) {
        log(`capacity: ${processes} process${processes > 1 ? 'es' : ''} behind nginx on PostgreSQL`);
        const servers: Awaited<ReturnType<typeof startGrip>>[] = [];
        let nginx: Awaited<ReturnType<typeof startNginx>> | null = null;
        try {
          for (let i = 0; i < processes; i++) {
            servers.push(
              await startGrip({
                port: PORT + 10 + i,
                databaseUrl: market.databaseUrl,
                dataDir: market.dataDir,
                behindProxy: `http://127.0.0.1:${PORT + 20}`,
              }),
            );
          }
          nginx = await startNginx(
            PORT + 20,
            servers.map((s) => Number(new URL(s.url).port)),
          );
          const sessions = {
            customer: await signIn(nginx.url, BENCH_CUSTOMER),
            business: await signIn(nginx.url, BENCH_BUSINESS),
          };
          const measured: Record<string, LoadFigures & { path: string }> = {};
          for (const endpoint of endpoints(nginx.url, market, sessions)) {
            if (!CAPACITY_ROUTES.includes(endpoint.name)) continue;
            const f = await measure({ ...endpoint, connections: 50, durationSec: DURATION, runs: RUNS });
            measured[endpoint.name] = { ...f, path: endpoint.path };
            if (f.non2xx + f.errors > 0) broken.push(`${processes} processes ${endpoint.name}`);
            log(`  ${processes}× ${endpoint.name}: ${summary(f)}`);
          }
          capacity[`${processes}`] = measured;
        } finally {
          await nginx?.stop();
          for (const server of servers) await server.stop();
        }
      }
      results.cluster = capacity;
    }
  }

  if (runs('growth') && !quick) {
    log('growth: the feed and My Requests as the history grows (PostgreSQL)');
    const steps: Record<string, unknown> = {};
    const p95 = { feed: [] as number[], mine: [] as number[] };
    const seqScans = new Set<string>();
    for (const requests of [10_000, 100_000, 1_000_000]) {
      const stepSize = { ...FULL_SIZE, requests };
      const market =
        requests === FULL_SIZE.requests && markets.postgres
          ? markets.postgres
          : await buildMarketplace({
              kind: 'postgres',
              adminUrl: PG_ADMIN_URL,
              name: `grip_bench_${requests}`,
              size: stepSize,
              port: PORT,
              log,
            });
      const api = await loadApi(market, ['matching feed', 'my requests'], 10);
      const plans = await explainRoutes(market.databaseUrl!);
      for (const tables of Object.values(plans.seqScans))
        for (const t of tables) seqScans.add(`${t} (${requests.toLocaleString('en')})`);
      p95.feed.push(api.results['matching feed']!.p95Ms);
      p95.mine.push(api.results['my requests']!.p95Ms);
      steps[requests] = { api: api.results, plans };
      log(`  ${requests.toLocaleString('en')} requests: sequential scans: ${JSON.stringify(plans.seqScans)}`);
    }
    figures.growth = {
      feedP95GrowthX: p95.feed.at(-1)! / p95.feed[0]!,
      myRequestsP95GrowthX: p95.mine.at(-1)! / p95.mine[0]!,
      seqScans: [...seqScans],
    };
    results.growth = { steps, ...figures.growth };
  }

  if (runs('pages')) {
    log('pages: JS and CSS per route (gzip), Lighthouse mobile');
    const bundles = bundleSizes(path.join(ROOT, 'apps/web/dist'));
    const kb = (bytes: number) => bytes / 1024;
    const largest = [...bundles.routes].sort((a, b) => b.jsGzipBytes - a.jsGzipBytes)[0]!;
    figures.bundles = {
      entryGzipKb: kb(bundles.entry.jsGzipBytes),
      largestRouteGzipKb: kb(largest.jsGzipBytes),
      largestRoute: largest.route,
    };
    log(
      `  entry JS ${kb(bundles.entry.jsGzipBytes).toFixed(1)} KB gzip; largest route ${largest.route} ${kb(largest.jsGzipBytes).toFixed(1)} KB`,
    );
    results.bundles = bundles;
    // `--only=pages` builds the marketplace for itself.
    const market = markets.postgres ?? (await buildPostgresMarket());
    {
      const server = await startGrip({
        port: PORT,
        databaseUrl: market.databaseUrl,
        dataDir: market.dataDir,
      });
      try {
        const customer = await signIn(server.url, BENCH_CUSTOMER);
        const business = await signIn(server.url, BENCH_BUSINESS);
        // Issue 30's main screens; the quick variant draws one signed-in screen once, to catch a collapse.
        const all = [
          { label: LANDING_PAGE, path: '/' },
          { label: 'sign in', path: '/auth' },
          { label: 'customer home', path: '/home', cookie: customer },
          { label: 'My Requests', path: '/requests', cookie: customer },
          { label: 'My Responses', path: '/responses', cookie: customer },
          { label: 'a conversation', path: `/conversation/${market.conversationId}`, cookie: customer },
          { label: 'Confirmed Bookings', path: '/confirmed', cookie: customer },
          { label: 'business dashboard', path: '/business-dashboard', cookie: business },
          { label: 'Service Requests', path: '/business-requests', cookie: business },
        ];
        const pages = await lighthousePages({
          base: server.url,
          runs: quick ? 1 : RUNS,
          log,
          pages: quick ? all.filter((p) => p.label === 'My Requests') : all,
        });
        figures.lighthouse = pages.map(({ url: _url, runs: _runs, raw: _raw, ...medians }) => medians);
        results.lighthouse = pages;
      } finally {
        await server.stop();
      }
    }
  }

  if (runs('startup')) {
    log('start-up: npm start to ready');
    const existingDir = markets.pglite?.dataDir;
    const existing: number[] = [];
    if (existingDir) {
      for (let i = 0; i < RUNS; i++) {
        const server = await startGrip({
          port: PORT,
          dataDir: existingDir,
          viaNpmStart: true,
          demoData: 'auto',
        });
        existing.push(server.readyMs);
        await server.stop();
      }
    }
    const fresh: number[] = [];
    for (let i = 0; i < (quick ? 1 : RUNS); i++) {
      const dir = path.join(ROOT, '.tmp/bench/startup-new');
      fs.rmSync(dir, { recursive: true, force: true });
      const server = await startGrip({ port: PORT, dataDir: dir, viaNpmStart: true, demoData: 'auto' });
      fresh.push(server.readyMs);
      await server.stop();
    }
    if (existing.length) figures.startup = { existingMs: median(existing) };
    results.startup = {
      existingDatabaseMs: existing,
      newDatabaseMs: fresh,
      existingDatabaseRequests: markets.pglite?.size.requests,
    };
    log(
      `  existing embedded database: ${existing.map((ms) => `${Math.round(ms)} ms`).join(', ') || 'not measured (no PGlite marketplace this run)'}; new one (with the demo marketplace): ${fresh.map((ms) => `${Math.round(ms)} ms`).join(', ')}`,
    );
  }

  const checks = checkBudgets(figures);
  results.figures = figures;
  results.checks = checks;
  results.routesWithErrors = broken;
  for (const name of broken)
    log(`ERRORS ${name}: answered with errors under load (see the non2xx and errors figures)`);
  results.totalSeconds = Math.round((performance.now() - started) / 1000);
  await writeReport(results, checks, { quick, partial: only !== undefined });
  for (const c of checks) log(`${c.met ? 'met   ' : 'MISSED'} ${c.what}: ${c.measured} (budget ${c.budget})`);
  log(`done in ${results.totalSeconds} s`);

  if (quick) {
    const floorFile = path.join(ROOT, 'bench/quick-floor.json');
    const recorded = (JSON.parse(fs.readFileSync(floorFile, 'utf8')) as { ratios: Record<string, number> })
      .ratios;
    const failures = quickFailures(checks, recorded);
    for (const f of failures) {
      if (!f.ratio) {
        console.error(`FAIL ${f.what}: ${f.measured}`);
        continue;
      }
      const floor = Math.min(f.ratio.min, recorded[f.what] ?? f.ratio.min);
      console.error(`FAIL ${f.what}: ratio ${f.ratio.value.toFixed(3)} is below half of ${floor}`);
    }
    for (const name of broken) console.error(`FAIL ${name}: answered with errors under load`);
    if (!failures.length && !broken.length) {
      log(
        'quick gate passed: every route answered, every live event arrived, no ratio fell below half its floor',
      );
    }
    process.exitCode = failures.length || broken.length ? 1 : 0;
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
