/**
 * What a trend chart draws, independent of the chart library: the x labels (one per week) and up to
 * four series. Colours are CSS custom properties, resolved at draw time, so a theme that overrides them
 * (dark mode) is drawn in its own colours.
 */
export type ChartColor =
  | '--color-primary'
  | '--color-foreground'
  | '--color-muted-foreground'
  | '--color-danger'
  | '--color-success';

/** A line's pattern, so series differ by more than colour (UI-GUIDE: never colour alone). */
export type ChartStroke = 'solid' | 'dashed' | 'dotted';

export interface ChartSeries {
  key: string;
  label: string;
  /** One value per x label; null leaves a gap (nothing to show that week). */
  values: readonly (number | null)[];
  color: ChartColor;
  stroke?: ChartStroke;
  /** How a value reads in the legend and the table. */
  format: (value: number | null) => string;
}

export interface ChartSpec {
  /** Short x labels, one per point ('Nov 23'). */
  labels: readonly string[];
  series: readonly ChartSeries[];
  kind: 'line' | 'bar';
  /** Pixels. */
  height: number;
  /** The y axis's tick text (counts, money, percent). */
  formatAxis: (value: number) => string;
  /** Whether the y axis starts at zero and stops at 100 (rates). */
  isPercent?: boolean;
}

/** A drawn chart: resize it with its box, redraw it in new colours, or take it away. */
export interface DrawnChart {
  resize(width: number): void;
  destroy(): void;
}

/** The lazily loaded drawing module's one function (draw-chart.ts). */
export type DrawChart = (target: HTMLElement, spec: ChartSpec, width: number) => DrawnChart;
