import type { ChartSpec, DrawChart } from '../chart-types';

/**
 * jsdom cannot draw on a canvas, so tests replace the chart library's module (draw-chart.ts) with
 * this stand-in: `vi.mock('@/components/charts/draw-chart', () => import('.../testing/fake-draw-chart'))`.
 * The web tests share one module graph per worker (vitest.config.ts), so a stand-in one file loaded
 * may serve the next: it records into the drawer the current file installed (`installFakeDrawer`),
 * never into state of its own.
 */
export interface FakeDrawer {
  shouldFail: boolean;
  calls: { spec: ChartSpec; width: number }[];
  destroyed: number;
}

const holder = globalThis as { __gripFakeDrawer?: FakeDrawer };

/** A fresh recorder for the file (call it in beforeEach). */
export function installFakeDrawer(): FakeDrawer {
  holder.__gripFakeDrawer = { shouldFail: false, calls: [], destroyed: 0 };
  return holder.__gripFakeDrawer;
}

export const drawChart: DrawChart = (target, spec, width) => {
  const drawer = (holder.__gripFakeDrawer ??= { shouldFail: false, calls: [], destroyed: 0 });
  if (drawer.shouldFail) throw new Error('no canvas in jsdom');
  drawer.calls.push({ spec, width });
  const canvas = document.createElement('canvas');
  target.append(canvas);
  return {
    resize: () => {},
    destroy: () => {
      drawer.destroyed += 1;
      canvas.remove();
    },
  };
};
