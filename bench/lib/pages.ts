// Page benchmarks: what the built web app weighs per route (gzip, from apps/web/dist), and what
// Lighthouse's mobile preset makes of the pages a production server serves.
//
// Bundle sizes follow the built chunks themselves rather than Vite's build manifest: the entry is
// index.html's module script with its static imports (the modulepreload links) and stylesheets; a
// route adds its lazily imported chunk with that chunk's static imports, plus the CSS Vite's preload
// helper loads with it (the `__vite__mapDeps` list of that dynamic import). Signed-in routes render
// inside the lazily loaded app shell, so they add its chunks too.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROUTE_ACCESS } from '@grip/domain';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';

export interface BundleReport {
  /** What index.html loads before any route: entry script + its static imports (modulepreload) + CSS. */
  entry: { files: string[]; jsGzipBytes: number; cssGzipBytes: number };
  /** Per route of the router: entry + the route's lazy chunk + its static imports (+ the app shell when signed in). */
  routes: { route: string; files: string[]; jsGzipBytes: number; cssGzipBytes: number }[];
}

/** `/` renders the landing page for a visitor (and the customer home, the `/home` chunk, once signed in). */
const INDEX_CHUNK = 'landing-page';
/** The frame around every signed-in page, loaded lazily by ShellLayout (apps/web/src/app/layouts.tsx). */
const SHELL_CHUNK = 'app-shell';
/** The catch-all route of the router. */
const NOT_FOUND = { route: '*', chunk: 'not-found', signedIn: false };

/** One built chunk: its static imports, and its dynamic imports with the files Vite preloads for each. */
interface Chunk {
  file: string;
  staticImports: string[];
  dynamicImports: { file: string; deps: string[] }[];
}

/** `name-HASH.js` -> `name` (Rollup/Rolldown's default `[name]-[hash].js`, hash of 8 url-safe characters). */
const chunkName = (file: string) => path.posix.basename(file).replace(/-[\w-]{8}\.(js|css)$/, '');

function readChunk(distDir: string, file: string): Chunk {
  const code = fs.readFileSync(path.join(distDir, file), 'utf8');
  const dir = path.posix.dirname(file);
  const resolve = (specifier: string) => path.posix.normalize(path.posix.join(dir, specifier));
  // `import{a as b}from"./x.js"`, `import"./x.js"`, `export{a}from"./x.js"`: relative specifiers only.
  const staticImports = [
    ...code.matchAll(/(?<![\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.\.?\/[^"']+)["']/g),
  ].map((m) => resolve(m[1]!));
  // Vite's preload list: `__vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/a.js",...])))`,
  // paths relative to the site root (base '/').
  const mapDeps = /m\.f=\[([^\]]*)\]/.exec(code)?.[1];
  const depFiles = mapDeps ? [...mapDeps.matchAll(/["']([^"']+)["']/g)].map((m) => m[1]!) : [];
  const dynamicImports = [
    ...code.matchAll(
      /import\(\s*[`"'](\.\.?\/[^`"']+)[`"']\s*\)(\s*,\s*__vite__mapDeps\(\[([\d,\s]*)\]\))?/g,
    ),
  ].map((m) => ({
    file: resolve(m[1]!),
    deps: (m[3] ?? '')
      .split(',')
      .filter((i) => i.trim() !== '')
      .map((i) => depFiles[Number(i)]!)
      .filter(Boolean),
  }));
  return { file, staticImports, dynamicImports };
}

/** Chunks of the built app, read once each. */
function chunkReader(distDir: string) {
  const cache = new Map<string, Chunk>();
  const get = (file: string) => {
    let chunk = cache.get(file);
    if (!chunk) cache.set(file, (chunk = readChunk(distDir, file)));
    return chunk;
  };
  /** `roots` and everything they import statically, transitively. */
  const closure = (roots: string[]) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file) || !file.endsWith('.js')) return;
      seen.add(file);
      get(file).staticImports.forEach(visit);
    };
    roots.forEach(visit);
    return seen;
  };
  return { get, closure };
}

/** Route -> the router's lazy module name (`'/home': lazy(() => import('./routes/home'))` -> `home`). */
function routerChunkNames(distDir: string): Map<string, string> {
  const names = new Map<string, string>();
  const source = path.resolve(distDir, '../src/app/router.tsx');
  if (!fs.existsSync(source)) return names;
  const code = fs.readFileSync(source, 'utf8');
  for (const m of code.matchAll(
    /['"]([^'"]+)['"]\s*:\s*lazy\(\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)\s*\)/g,
  )) {
    names.set(m[1]!, path.posix.basename(m[2]!).replace(/\.[jt]sx?$/, ''));
  }
  return names;
}

/** A route's module name when the router source is not at hand: its last static path segment. */
const nameFromPath = (route: string) =>
  route
    .split('/')
    .filter((s) => s && !s.startsWith(':'))
    .pop() ?? INDEX_CHUNK;

export function bundleSizes(distDir: string): BundleReport {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1];
  const tags = [...html.matchAll(/<(script|link)\b[^>]*>/g)].map((m) => m[0]);
  const local = (href: string) => href.replace(/^\//, '');
  const entryScripts = tags
    .filter((t) => t.startsWith('<script') && attr(t, 'type') === 'module' && attr(t, 'src'))
    .map((t) => local(attr(t, 'src')!));
  const preloads = tags
    .filter((t) => t.startsWith('<link') && attr(t, 'rel') === 'modulepreload')
    .map((t) => local(attr(t, 'href')!));
  const entryCss = tags
    .filter((t) => t.startsWith('<link') && attr(t, 'rel') === 'stylesheet')
    .map((t) => local(attr(t, 'href')!));
  if (entryScripts.length === 0) throw new Error(`no module script in ${distDir}/index.html`);

  const chunks = chunkReader(distDir);
  const entryJs = chunks.closure([...entryScripts, ...preloads]);
  const gzipped = new Map<string, number>();
  const gzipBytes = (file: string) => {
    let bytes = gzipped.get(file);
    if (bytes === undefined) {
      bytes = gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;
      gzipped.set(file, bytes);
    }
    return bytes;
  };
  const measure = (files: Iterable<string>) => {
    const list = [...new Set(files)];
    const sum = (ext: string) => list.filter((f) => f.endsWith(ext)).reduce((n, f) => n + gzipBytes(f), 0);
    return { files: list, jsGzipBytes: sum('.js'), cssGzipBytes: sum('.css') };
  };

  // The lazy chunks the entry can load (the routes, the app shell, the landing page), by module name.
  const lazyChunks = new Map<string, { file: string; deps: string[] }>();
  for (const file of entryJs) {
    for (const d of chunks.get(file).dynamicImports) {
      const name = chunkName(d.file);
      const known = lazyChunks.get(name);
      if (known && known.file !== d.file)
        throw new Error(`two lazy chunks named ${name}: ${known.file}, ${d.file}`);
      lazyChunks.set(name, { file: d.file, deps: [...(known?.deps ?? []), ...d.deps] });
    }
  }
  const lazyFiles = (name: string) => {
    const chunk = lazyChunks.get(name);
    if (!chunk) throw new Error(`no lazy chunk "${name}" is imported by the entry of ${distDir}`);
    return [...chunks.closure([chunk.file]), ...chunk.deps];
  };

  const names = routerChunkNames(distDir);
  const routes = [
    ...ROUTE_ACCESS.map(({ path: route, access }) => ({
      route,
      chunk: route === '/' ? INDEX_CHUNK : (names.get(route) ?? nameFromPath(route)),
      signedIn: access !== 'public',
    })),
    NOT_FOUND,
  ];
  return {
    entry: measure([...entryJs, ...entryCss]),
    routes: routes.map(({ route, chunk, signedIn }) => ({
      route,
      ...measure([...entryJs, ...entryCss, ...(signedIn ? lazyFiles(SHELL_CHUNK) : []), ...lazyFiles(chunk)]),
    })),
  };
}

/** Scores 0-100 and the metrics they weigh most, from one run or as medians of several. */
export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  /** Lighthouse's reading of the machine's speed (higher is faster; 1,000–2,000 on these machines). */
  benchmarkIndex: number;
}

export interface LighthouseFigures extends LighthouseScores {
  url: string;
  label: string;
  runs: number;
  raw: LighthouseScores[];
}

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const score = (lhr: Result, category: string) => {
  const value = lhr.categories[category]?.score;
  if (value === null || value === undefined)
    throw new Error(`${lhr.finalDisplayedUrl}: no ${category} score`);
  return Math.round(value * 100);
};

type Item = Record<string, unknown>;

/** The first rows of an audit's table (a list's first table for the insights), described in a few words. */
function describeItems(details: unknown, origin: string, rows = 3): string {
  const d = details as { type?: string; items?: Item[] } | undefined;
  let items = d?.items ?? [];
  if (d?.type === 'list')
    items = (items.find((i) => i.type === 'table') as { items?: Item[] } | undefined)?.items ?? [];
  // Some audits' details (a checklist, say) keep an object here rather than rows.
  if (!Array.isArray(items)) return '';
  const kib = (n: unknown) => `${Math.round(Number(n) / 1024)} KiB`;
  const described = items
    .map((item) => {
      const node = item.node as
        { nodeLabel?: string; selector?: string; type?: string; value?: string } | undefined;
      const url = typeof item.url === 'string' ? item.url.replace(origin, '') : undefined;
      const what =
        (node?.type === 'node'
          ? `${node.selector ?? ''} "${(node.nodeLabel ?? '').replace(/\s+/g, ' ').slice(0, 70)}"`
          : undefined) ??
        (typeof item.description === 'string' ? `${item.description}${url ? ` (${url})` : ''}` : undefined) ??
        (typeof item.issueType === 'string' ? item.issueType : undefined) ??
        url;
      if (!what || node?.type === 'text') return undefined;
      const numbers = [
        item.wastedBytes !== undefined ? `${kib(item.wastedBytes)} of ${kib(item.totalBytes)}` : undefined,
        item.wastedBytes === undefined && item.totalBytes !== undefined ? kib(item.totalBytes) : undefined,
        typeof item.wastedMs === 'number' ? `${Math.round(item.wastedMs)} ms` : undefined,
        typeof item.total === 'number' ? `${Math.round(item.total)} ms CPU` : undefined,
        typeof item.score === 'number' ? `shift ${item.score.toFixed(3)}` : undefined,
      ].filter(Boolean);
      return numbers.length ? `${what} ${numbers.join(', ')}` : what;
    })
    .filter(Boolean);
  return (
    described.slice(0, rows).join('; ') +
    (described.length > rows ? `; +${described.length - rows} more` : '')
  );
}

/**
 * The audits that cost points, with Lighthouse's own numbers and their first culprits: every weighted
 * audit of the three categories below a full score, and the performance opportunities and
 * diagnostics that fail (score under 0.5) though unweighted.
 */
export function lostPoints(lhr: Result): string[] {
  const origin = new URL(lhr.finalDisplayedUrl).origin;
  const lines: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null) continue;
      const weighted = ref.weight > 0;
      if (weighted ? audit.score >= 1 : category !== 'performance' || audit.score >= 0.5) continue;
      if (!weighted && audit.scoreDisplayMode !== 'metricSavings' && audit.scoreDisplayMode !== 'numeric')
        continue;
      const culprits = ref.group === 'metrics' ? '' : describeItems(audit.details, origin);
      lines.push(
        `${category} ${ref.id} (${weighted ? `weight ${ref.weight}` : 'unweighted'}, score ${audit.score.toFixed(2)})` +
          `${audit.displayValue ? `: ${audit.displayValue}` : ''}${culprits ? ` -- ${culprits}` : ''}`,
      );
    }
  }
  return lines;
}

/** One Lighthouse run in a Chrome of its own (a fresh temporary profile: no cache, no service worker). */
async function lighthouseOnce(url: string, cookie: string | undefined): Promise<Result> {
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse's default config (the mobile preset: formFactor mobile, simulated throttling) on each
 * page, `runs` times, each run in a Chrome of its own with a fresh profile. Runs go round by round
 * over the pages, so noise on the shared machine spreads over all pages rather than hitting one.
 */
export async function lighthousePages(options: {
  base: string;
  pages: { label: string; path: string; cookie?: string }[];
  runs: number;
  log: (line: string) => void;
  /** Every run's full Lighthouse result, to keep or to dig into. */
  onReport?: (page: { label: string; path: string }, run: number, lhr: Result) => void;
}): Promise<LighthouseFigures[]> {
  const results = options.pages.map(() => [] as { figures: LighthouseScores; lost: string[] }[]);
  for (let run = 1; run <= options.runs; run++) {
    for (const [i, page] of options.pages.entries()) {
      const url = new URL(page.path, options.base).toString();
      const started = performance.now();
      let lhr: Result | undefined;
      // A second attempt only when Lighthouse or Chrome fails outright, which a busy machine can cause.
      for (let attempt = 1; !lhr; attempt++) {
        try {
          lhr = await lighthouseOnce(url, page.cookie);
        } catch (err) {
          if (attempt >= 2) throw err;
          options.log(`  ${page.label} run ${run}: ${(err as Error).message}; trying again`);
        }
      }
      if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
        options.log(
          `  ${page.label}: warning, ended on ${lhr.finalDisplayedUrl} (a redirect; is the cookie valid?)`,
        );
      }
      const figures = {
        performance: score(lhr, 'performance'),
        accessibility: score(lhr, 'accessibility'),
        bestPractices: score(lhr, 'best-practices'),
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      };
      results[i]!.push({ figures, lost: lostPoints(lhr) });
      options.onReport?.(page, run, lhr);
      options.log(
        `  ${page.label} run ${run}/${options.runs}: performance ${figures.performance}, accessibility ${figures.accessibility}, ` +
          `best practices ${figures.bestPractices}, CLS ${figures.cls.toFixed(3)}, LCP ${Math.round(figures.lcpMs)} ms, ` +
          `TBT ${Math.round(figures.tbtMs)} ms (benchmark index ${figures.benchmarkIndex}, ` +
          `${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
    }
  }

  return options.pages.map((page, i) => {
    const runs = results[i]!;
    const raw = runs.map((r) => r.figures);
    const of = (key: keyof (typeof raw)[number]) => median(raw.map((r) => r[key]));
    const figures: LighthouseFigures = {
      url: new URL(page.path, options.base).toString(),
      label: page.label,
      runs: raw.length,
      performance: of('performance'),
      accessibility: of('accessibility'),
      bestPractices: of('bestPractices'),
      cls: of('cls'),
      lcpMs: of('lcpMs'),
      tbtMs: of('tbtMs'),
      benchmarkIndex: of('benchmarkIndex'),
      raw,
    };
    // What cost points, from the run nearest the median performance.
    const typical = runs.reduce((a, b) =>
      Math.abs(b.figures.performance - figures.performance) <
      Math.abs(a.figures.performance - figures.performance)
        ? b
        : a,
    );
    const lost = typical.lost;
    options.log(
      `  ${page.label}: ${lost.length ? `points lost to\n    ${lost.join('\n    ')}` : 'no audit lost points'}`,
    );
    return figures;
  });
}
