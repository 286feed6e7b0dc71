// The only module that imports the chart library (uPlot, ~50 KB): TrendChart loads it with a dynamic
// import once a chart is on screen, so it stays out of the entry and every route's own chunk.
import uPlot, { type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './draw-chart.css';
import type { ChartSpec, ChartStroke, DrawChart, DrawnChart } from './chart-types';

const DASHES: Record<ChartStroke, number[] | undefined> = {
  solid: undefined,
  dashed: [8, 4],
  dotted: [2, 4],
};

/** A CSS custom property's current value on `el` (a theme on the root or any ancestor applies). */
function cssColor(el: HTMLElement, name: string, fallback: string): string {
  const value = getComputedStyle(el).getPropertyValue(name).trim();
  return value || fallback;
}

function optionsFor(target: HTMLElement, spec: ChartSpec, width: number): Options {
  const text = cssColor(target, '--color-muted-foreground', '#475569');
  const grid = cssColor(target, '--color-border', '#e2e8f0');
  const font = `12px ${getComputedStyle(target).fontFamily || 'system-ui, sans-serif'}`;
  const axis = { stroke: text, font, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  // Bars are for one series (a week's money); several series are lines told apart by colour and dash.
  const bars = spec.kind === 'bar' ? uPlot.paths.bars!({ size: [0.6, 48], gap: 2 }) : undefined;
  return {
    width,
    height: spec.height,
    // The weeks are categories, not instants: the axis shows the labels the caller made (UTC weeks).
    scales: {
      x: {
        time: false,
        range: (_u, min, max) => (spec.kind === 'bar' ? [min - 0.5, max + 0.5] : [min, max]),
      },
      y: {
        range: (_u, _min, max) => (spec.isPercent ? [0, 100] : [0, max > 0 ? Math.ceil(max * 1.1) : 1]),
      },
    },
    axes: [
      {
        ...axis,
        space: 44,
        values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? (spec.labels[i] ?? '') : '')),
      },
      {
        ...axis,
        size: 56,
        values: (_u, splits) => splits.map((v) => spec.formatAxis(v)),
      },
    ],
    // Names and swatches only: the table has every value, and a moving readout would repeat it.
    legend: { show: true, live: false },
    cursor: { points: { size: 8 }, drag: { x: false, y: false } },
    series: [
      { label: 'Week', value: (_u, i) => (i === null ? '' : (spec.labels[i] ?? '')) },
      ...spec.series.map((s) => {
        const color = cssColor(target, s.color, '#0f766e');
        return {
          label: s.label,
          stroke: color,
          width: 2,
          dash: DASHES[s.stroke ?? 'solid'],
          fill: spec.kind === 'bar' ? color : undefined,
          paths: bars,
          points: { show: spec.kind === 'line', size: 5, fill: color },
          spanGaps: false,
          value: (_u: uPlot, v: number | null) => s.format(v),
        };
      }),
    ],
  };
}

/**
 * Whether this browser gives a canvas a 2D context. uPlot asks for one itself and, without it, fails a
 * moment later in a microtask no caller can catch (a blank box and an uncaught error) — so the check
 * comes first, and the chart's table stands in (TrendChart). No 2D context: a browser or extension that
 * blocks canvas, a context limit reached, jsdom (which has no CanvasRenderingContext2D at all).
 */
function canDrawOnCanvas(): boolean {
  if (typeof CanvasRenderingContext2D === 'undefined') return false;
  return document.createElement('canvas').getContext('2d') !== null;
}

/**
 * Draws `spec` into `target` (which the caller hides from screen readers: the table says it all).
 * Throws, having drawn nothing, when this browser cannot draw on a canvas.
 */
export const drawChart: DrawChart = (target, spec, width): DrawnChart => {
  if (!canDrawOnCanvas()) throw new Error('This browser cannot draw on a canvas');
  const data: uPlot.AlignedData = [
    spec.labels.map((_, i) => i),
    ...spec.series.map((s) => s.values.map((v) => v)),
  ];
  let plot = new uPlot(optionsFor(target, spec, width), data, target);
  // Another theme (data-theme on the root, or the system's light/dark) changes the custom properties:
  // the canvas is drawn again in the new colours.
  const redraw = () => {
    const current = plot.width;
    plot.destroy();
    plot = new uPlot(optionsFor(target, spec, current), data, target);
  };
  const themeObserver = new MutationObserver(redraw);
  themeObserver.observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-theme', 'class', 'style'],
  });
  const scheme = window.matchMedia?.('(prefers-color-scheme: dark)');
  scheme?.addEventListener('change', redraw);
  return {
    resize(nextWidth) {
      if (nextWidth > 0 && nextWidth !== plot.width) plot.setSize({ width: nextWidth, height: spec.height });
    },
    destroy() {
      themeObserver.disconnect();
      scheme?.removeEventListener('change', redraw);
      plot.destroy();
    },
  };
};
