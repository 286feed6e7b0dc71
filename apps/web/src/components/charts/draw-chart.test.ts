import { describe, expect, it, vi } from 'vitest';
import type * as DrawChartModule from './draw-chart';
import type { ChartSpec } from './chart-types';

const SPEC: ChartSpec = {
  labels: ['Nov 9', 'Nov 16'],
  series: [{ key: 'received', label: 'Received', values: [1, 2], color: '--color-primary', format: String }],
  kind: 'line',
  height: 160,
  formatAxis: String,
};

describe('drawChart (the chart library itself, not the tests’ stand-in)', () => {
  it('refuses at once, drawing nothing, where a canvas has no 2D context — never an uncaught error later', async () => {
    // jsdom has no CanvasRenderingContext2D, as a browser blocking canvas would give no context.
    const { drawChart } = await vi.importActual<typeof DrawChartModule>('./draw-chart');
    const box = document.createElement('div');
    document.body.append(box);
    expect(() => drawChart(box, SPEC, 320)).toThrow('This browser cannot draw on a canvas');
    expect(box.childElementCount).toBe(0);
    // uPlot's own failure came in a microtask after the call: let them run (Vitest reports any).
    await new Promise((resolve) => setTimeout(resolve, 0));
    box.remove();
  });
});
