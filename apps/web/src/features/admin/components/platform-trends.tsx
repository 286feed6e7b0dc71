import { PLATFORM_TREND_LABELS, TREND_WEEKS, formatNumber, type PlatformTrendWeek } from '@grip/domain';
import type { ReactNode } from 'react';
import { TrendChart } from '@/components/charts/trend-chart';
import type { ChartColor, ChartSeries, ChartStroke } from '@/components/charts/chart-types';
import { TrendsCard } from '@/components/charts/trends-card';
import { useAdminTrends } from '../api/overview';

type CountKey = 'signups' | 'requests' | 'quotes' | 'bookings';
type RateKey = 'completionRate' | 'contestRate';

const LOOKS: { color: ChartColor; stroke: ChartStroke }[] = [
  { color: '--color-primary', stroke: 'solid' },
  { color: '--color-foreground', stroke: 'dashed' },
];

function counts(weeks: readonly PlatformTrendWeek[], keys: readonly CountKey[]): ChartSeries[] {
  return keys.map((key, i) => ({
    key,
    label: PLATFORM_TREND_LABELS[key],
    values: weeks.map((w) => w[key]),
    ...LOOKS[i]!,
    format: (v) => formatNumber(v ?? 0),
  }));
}

/** A rate's cell: the percent, or a dash (read as "no jobs") for a week with nothing to divide. */
const percent = (v: number | null) =>
  v === null ? '–' : `${formatNumber(v, { maximumFractionDigits: 1 })}%`;

function rates(weeks: readonly PlatformTrendWeek[]): ChartSeries[] {
  const keys: RateKey[] = ['completionRate', 'contestRate'];
  return keys.map((key, i) => ({
    key,
    label: PLATFORM_TREND_LABELS[key],
    values: weeks.map((w) => w[key]),
    ...LOOKS[i]!,
    format: percent,
  }));
}

const total = (weeks: readonly PlatformTrendWeek[], key: CountKey) => weeks.reduce((n, w) => n + w[key], 0);

function Summary({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}
const Figure = ({ value }: { value: string }) => (
  <strong className="text-foreground tabular-nums">{value}</strong>
);

/** '1 request', '3 requests', the number in bold. */
const Counted = ({ n, one }: { n: number; one: string }) => (
  <>
    <Figure value={formatNumber(n)} /> {n === 1 ? one : `${one}s`}
  </>
);

/**
 * The platform week by week (issue 33), under the stat cards: sign-ups and requests, quotes and
 * bookings, and the completion and contest rates, each chart with its table.
 */
export function PlatformTrends() {
  const trends = useAdminTrends();
  return (
    <TrendsCard
      id="platform-trends-title"
      title={`Platform trends, last ${TREND_WEEKS} weeks`}
      description="Week by week, Monday to Sunday (UTC). Completion rate: of the jobs that ended that week, the share completed rather than cancelled. Contest rate: of the jobs completed that week, the share contested. A dash means no job ended that week."
      trends={trends}
      charts={3}
      what="platform trends"
    >
      {(data) => <Charts weeks={data.weeks} />}
    </TrendsCard>
  );
}

function Charts({ weeks }: { weeks: readonly PlatformTrendWeek[] }) {
  const starts = weeks.map((w) => w.weekStart);
  const isQuiet = weeks.every(
    (w) => w.signups + w.requests + w.quotes + w.bookings + w.completed + w.cancelled === 0,
  );
  if (isQuiet) {
    return (
      <p className="text-sm text-muted-foreground">
        No sign-ups, requests or jobs in the last {TREND_WEEKS} weeks yet.
      </p>
    );
  }
  const last = weeks[weeks.length - 1]!;
  const countAxis = (v: number) => formatNumber(v);
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <TrendChart
        title="Sign-ups and requests"
        weeks={starts}
        series={counts(weeks, ['signups', 'requests'])}
        formatAxis={countAxis}
        summary={
          <Summary>
            <Counted n={total(weeks, 'signups')} one="sign-up" />,{' '}
            <Counted n={total(weeks, 'requests')} one="request" /> in {TREND_WEEKS} weeks
          </Summary>
        }
      />
      <TrendChart
        title="Quotes and bookings"
        weeks={starts}
        series={counts(weeks, ['quotes', 'bookings'])}
        formatAxis={countAxis}
        summary={
          <Summary>
            <Counted n={total(weeks, 'quotes')} one="quote" />,{' '}
            <Counted n={total(weeks, 'bookings')} one="booking" /> in {TREND_WEEKS} weeks
          </Summary>
        }
      />
      <TrendChart
        title="Completion and contest rates"
        weeks={starts}
        series={rates(weeks)}
        isPercent
        formatAxis={(v) => `${formatNumber(v)}%`}
        summary={
          weeks.every((w) => w.completionRate === null) ? (
            <Summary>No job has ended in these {TREND_WEEKS} weeks yet.</Summary>
          ) : (
            <Summary>
              This week: completion <Figure value={percent(last.completionRate)} />, contests{' '}
              <Figure value={percent(last.contestRate)} />
            </Summary>
          )
        }
      />
    </div>
  );
}
