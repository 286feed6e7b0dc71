import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import type { ChartSeries, ChartSpec, DrawChart, DrawnChart } from './chart-types';
import { longWeekLabel, shortWeekLabel } from './week-labels';

let loadingDrawChart: Promise<DrawChart> | null = null;

/**
 * The chart library's code, fetched the first time a chart mounts (the module system keeps it): a
 * dynamic import, so uPlot is in a chunk of its own that only pages drawing a chart ever download
 * (docs/performance.md). The charts of a page mounting together share the one import in flight (a
 * module mock in the tests cannot serve two at once); a failed download is tried again by the next chart.
 */
export function loadDrawChart(): Promise<DrawChart> {
  loadingDrawChart ??= import('./draw-chart')
    .then((m) => m.drawChart)
    .finally(() => {
      loadingDrawChart = null;
    });
  return loadingDrawChart;
}

export interface TrendChartProps {
  title: string;
  /** Monday dates ('YYYY-MM-DD'), oldest first: the x axis and the table's rows. */
  weeks: readonly string[];
  series: readonly ChartSeries[];
  kind?: ChartSpec['kind'];
  formatAxis: (value: number) => string;
  isPercent?: boolean;
  height?: number;
  /** The number that is the message (UI-GUIDE "Charts"), shown above the chart. */
  summary?: ReactNode;
  className?: string;
}

type DrawState = 'loading' | 'drawn' | 'failed';

/**
 * A weekly trend: the chart (hidden from screen readers) and its data table, which screen readers
 * always read and anyone can show. The chart library loads lazily when the chart mounts; until it is
 * drawn a placeholder holds its place, and if it cannot be drawn the table is shown instead.
 */
export function TrendChart({
  title,
  weeks,
  series,
  kind = 'line',
  formatAxis,
  isPercent,
  height = 160,
  summary,
  className,
}: TrendChartProps) {
  const titleId = useId();
  const tableId = useId();
  const [isTableShown, setIsTableShown] = useState(false);
  // What the box shows, for the figures it was drawn for: a new set of figures is loading again.
  const [outcome, setOutcome] = useState<{ figures: string; state: Exclude<DrawState, 'loading'> } | null>(
    null,
  );
  const boxRef = useRef<HTMLDivElement>(null);

  // Redrawn when the figures change, not on every render (callers build new arrays each time).
  const spec: ChartSpec = {
    labels: weeks.map(shortWeekLabel),
    series,
    kind,
    height,
    formatAxis,
    isPercent,
  };
  const latest = useRef(spec);
  useLayoutEffect(() => {
    latest.current = spec;
  });
  const figures = JSON.stringify([weeks, kind, height, series.map((s) => [s.key, s.label, s.values])]);
  const state: DrawState = outcome?.figures === figures ? outcome.state : 'loading';

  useEffect(() => {
    let isCancelled = false;
    let chart: DrawnChart | null = null;
    let resizing: ResizeObserver | null = null;
    const box = boxRef.current;
    loadDrawChart().then(
      (draw) => {
        if (isCancelled || !box) return;
        try {
          chart = draw(box, latest.current, Math.max(Math.floor(box.clientWidth), 240));
        } catch {
          setOutcome({ figures, state: 'failed' });
          return;
        }
        setOutcome({ figures, state: 'drawn' });
        if (typeof ResizeObserver !== 'undefined') {
          resizing = new ResizeObserver(([entry]) => {
            if (entry) chart?.resize(Math.floor(entry.contentRect.width));
          });
          resizing.observe(box);
        }
      },
      () => {
        if (!isCancelled) setOutcome({ figures, state: 'failed' });
      },
    );
    return () => {
      isCancelled = true;
      resizing?.disconnect();
      chart?.destroy();
      box?.replaceChildren();
    };
  }, [figures]);

  const isTableVisible = isTableShown || state === 'failed';
  return (
    <section aria-labelledby={titleId} className={cn('grid min-w-0 gap-2', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-sm font-semibold">
          {title}
        </h3>
        {state === 'failed' ? null : (
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={isTableShown}
            aria-controls={tableId}
            onClick={() => setIsTableShown((shown) => !shown)}
          >
            {isTableShown ? 'Hide table' : 'Show table'}
          </Button>
        )}
      </div>
      {summary}
      {/* The table carries every figure for screen readers; the picture would only repeat it. */}
      <div aria-hidden="true" className="relative min-w-0 overflow-hidden" style={{ minHeight: height + 48 }}>
        {state === 'loading' ? <Skeleton className="absolute inset-0" /> : null}
        <div ref={boxRef} data-testid="trend-chart" data-state={state} className="trend-chart min-w-0" />
      </div>
      {state === 'failed' ? (
        <p className="text-sm text-muted-foreground">
          The chart could not be drawn here; the table below has the same figures.
        </p>
      ) : null}
      <div id={tableId} className={isTableVisible ? 'overflow-x-auto' : 'sr-only'}>
        <table className="w-full text-sm tabular-nums">
          <caption className="sr-only">{title}, week by week</caption>
          <thead>
            <tr className="border-b border-border text-left text-muted-foreground">
              <th scope="col" className="py-1.5 pr-3 font-medium">
                Week
              </th>
              {series.map((s) => (
                <th key={s.key} scope="col" className="py-1.5 pr-3 text-right font-medium">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week, i) => (
              <tr key={week} className="border-b border-border last:border-0">
                <th scope="row" className="py-1.5 pr-3 text-left font-normal whitespace-nowrap">
                  {longWeekLabel(week)}
                </th>
                {series.map((s) => (
                  <td key={s.key} className="py-1.5 pr-3 text-right">
                    {s.format(s.values[i] ?? null)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
