import {
  BUSINESS_TREND_LABELS,
  TREND_WEEKS,
  formatCurrency,
  formatNumber,
  type BusinessTrendWeek,
} from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { TrendChart } from '@/components/charts/trend-chart';
import { TrendsCard } from '@/components/charts/trends-card';
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
    <TrendsCard
      id="dashboard-trends-title"
      title={HEADING}
      description="Week by week, Monday to Sunday (UTC)."
      trends={trends}
      charts={2}
      what="your trends"
    >
      {(data) => <Trends weeks={data.weeks} />}
    </TrendsCard>
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
