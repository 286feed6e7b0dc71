import { formatDate } from '@grip/domain';

const startOf = (weekStart: string) => new Date(`${weekStart}T00:00:00.000Z`);

/**
 * A week start ('YYYY-MM-DD', Monday UTC) as the chart's axis shows it: the platform's date without
 * its year where the locale writes the year last ('Nov 23'; German '23. Nov.'), else the whole date.
 * Dates are formatted only in the domain's format.ts (decision 032).
 */
export function shortWeekLabel(weekStart: string): string {
  const date = formatDate(startOf(weekStart), { utc: true });
  return date.replace(/,?\s*\d{4}\.?$/, '') || date;
}

/** The same week as the table's row header reads it: 'Week of Nov 23, 2026'. */
export function longWeekLabel(weekStart: string): string {
  return `Week of ${formatDate(startOf(weekStart), { utc: true })}`;
}
