import {
  BUSINESS_TREND_LABELS,
  TREND_WEEKS,
  formatCurrency,
  formatNumber,
  type BusinessTrendWeek,
} from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { TrendChart } from '@/components/charts/trend-chart';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { ChartSeries } from '@/components/charts/chart-types';
import { trendsQueryOptions } from '../api/get-trends';

const count = (v: number | null) => formatNumber(v ?? 0);
const money = (v: number | null) => formatCurrency(v ?? 0);

function activitySeries(weeks: readonly BusinessTrendWeek[]): ChartSeries[] {
  return [
    {
      key: 'received',
      label: BUSINESS_TREND_LABELS.received,
      values: weeks.map((w) => w.received),
      color: '--color-primary',
      format: count,
    },
    {
      key: 'responded',
      label: BUSINESS_TREND_LABELS.responded,
      values: weeks.map((w) => w.responded),
      color: '--color-foreground',
      stroke: 'dashed',
      format: count,
    },
    {
      key: 'won',
      label: BUSINESS_TREND_LABELS.won,
      values: weeks.map((w) => w.won),
      color: '--color-muted-foreground',
      stroke: 'dotted',
      format: count,
    },
  ];
}

const HEADING = `Last ${TREND_WEEKS} weeks`;

/** The dashboard's figures week by week (issue 33): two small charts, each with its table. */
export function TrendsSection() {
  const trends = useQuery(trendsQueryOptions);

  return (
    <section aria-labelledby="dashboard-trends-title">
      <Card>
        <CardHeader>
          <CardTitle id="dashboard-trends-title">{HEADING}</CardTitle>
          <CardDescription>Week by week, Monday to Sunday (UTC).</CardDescription>
        </CardHeader>
        <CardContent>
          {trends.data ? (
            <Trends weeks={trends.data.weeks} />
          ) : trends.isPending ? (
            <div role="status" className="grid gap-4 md:grid-cols-2">
              <span className="sr-only">Loading your trends</span>
              <Skeleton className="h-52" />
              <Skeleton className="h-52" />
            </div>
          ) : (
            <div className="grid justify-items-start gap-2">
              <p className="text-sm text-destructive">Your trends could not be loaded.</p>
              <Button variant="outline" size="sm" onClick={() => void trends.refetch()}>
                Try again
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function Trends({ weeks }: { weeks: readonly BusinessTrendWeek[] }) {
  const isQuiet = weeks.every(
    (w) => w.received === 0 && w.responded === 0 && w.won === 0 && Number(w.earned) === 0,
  );
  if (isQuiet) {
    return (
      <p className="text-sm text-muted-foreground">
        Nothing yet in the last {TREND_WEEKS} weeks. As requests arrive and you quote, your weeks show here.
      </p>
    );
  }
  const starts = weeks.map((w) => w.weekStart);
  const thisWeek = weeks[weeks.length - 1]!;
  const earned = weeks.reduce((cents, w) => cents + Math.round(Number(w.earned) * 100), 0) / 100;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <TrendChart
        title="Requests, quotes and bookings"
        weeks={starts}
        series={activitySeries(weeks)}
        formatAxis={(v) => formatNumber(v)}
        summary={
          <p className="text-sm text-muted-foreground">
            This week:{' '}
            <strong className="text-foreground tabular-nums">{formatNumber(thisWeek.received)}</strong>{' '}
            received,{' '}
            <strong className="text-foreground tabular-nums">{formatNumber(thisWeek.responded)}</strong>{' '}
            responded, <strong className="text-foreground tabular-nums">{formatNumber(thisWeek.won)}</strong>{' '}
            scheduled
          </p>
        }
      />
      <TrendChart
        title={BUSINESS_TREND_LABELS.earned}
        kind="bar"
        weeks={starts}
        series={[
          {
            key: 'earned',
            label: BUSINESS_TREND_LABELS.earned,
            values: weeks.map((w) => Number(w.earned)),
            color: '--color-primary',
            format: money,
          },
        ]}
        formatAxis={(v) => formatCurrency(v)}
        summary={
          <p className="text-sm text-muted-foreground">
            <strong className="text-foreground tabular-nums">{formatCurrency(earned)}</strong> in the last{' '}
            {TREND_WEEKS} weeks
          </p>
        }
      />
    </div>
  );
}
