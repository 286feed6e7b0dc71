import fs from 'node:fs';
import path from 'node:path';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeDrawer, type FakeDrawer } from './testing/fake-draw-chart';
import { TrendChart } from './trend-chart';

// jsdom cannot draw on a canvas: the chart library's module is a stand-in that records what it is
// asked to draw (testing/fake-draw-chart.ts).
vi.mock('./draw-chart', () => import('./testing/fake-draw-chart'));

let drawing: FakeDrawer;

const WEEKS = ['2026-11-09', '2026-11-16', '2026-11-23'];

function renderChart(props: Partial<Parameters<typeof TrendChart>[0]> = {}) {
  return render(
    <TrendChart
      title="Requests and quotes"
      weeks={WEEKS}
      series={[
        {
          key: 'received',
          label: 'Requests Received',
          values: [0, 4, 2],
          color: '--color-primary',
          format: String,
        },
        {
          key: 'rate',
          label: 'Completion rate',
          values: [null, 50, 66.7],
          color: '--color-foreground',
          stroke: 'dashed',
          format: (v) => (v === null ? '–' : `${v}%`),
        },
      ]}
      formatAxis={String}
      {...props}
    />,
  );
}

beforeEach(() => {
  drawing = installFakeDrawer();
});

describe('TrendChart', () => {
  it('loads the chart library when a chart mounts, then draws the weeks and values', async () => {
    const { unmount } = renderChart();
    // Until the module is here, a placeholder holds the chart's place.
    expect(screen.getByTestId('trend-chart').dataset.state).toBe('loading');
    expect(drawing.calls).toHaveLength(0);
    await waitFor(() => expect(screen.getByTestId('trend-chart').dataset.state).toBe('drawn'));
    expect(drawing.calls).toHaveLength(1);
    const [call] = drawing.calls;
    expect(call!.spec.labels).toEqual(['Nov 9', 'Nov 16', 'Nov 23']);
    expect(call!.spec.series.map((s) => s.values)).toEqual([
      [0, 4, 2],
      [null, 50, 66.7],
    ]);
    expect(call!.width).toBeGreaterThanOrEqual(240);
    unmount();
    expect(drawing.destroyed).toBe(1);
  });

  it('hides the picture from screen readers and gives them the table, which anyone can show', async () => {
    const user = userEvent.setup();
    renderChart();
    await waitFor(() => expect(screen.getByTestId('trend-chart').dataset.state).toBe('drawn'));
    expect(screen.getByTestId('trend-chart').closest('[aria-hidden="true"]')).not.toBeNull();

    const table = screen.getByRole('table', { name: 'Requests and quotes, week by week' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['Week', 'Requests Received', 'Completion rate'],
      ['Week of Nov 9, 2026', '0', '–'],
      ['Week of Nov 16, 2026', '4', '50%'],
      ['Week of Nov 23, 2026', '2', '66.7%'],
    ]);
    // Read by screen readers, out of sight until asked for.
    const holder = table.parentElement!;
    expect(holder.className).toContain('sr-only');
    const toggle = screen.getByRole('button', { name: 'Show table' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(holder.id);
    await user.click(toggle);
    expect(holder.className).not.toContain('sr-only');
    expect(screen.getByRole('button', { name: 'Hide table' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('draws every chart of a page that mount together (they share the one library download)', async () => {
    render(
      <>
        {['Requests', 'Quotes', 'Bookings'].map((title) => (
          <TrendChart
            key={title}
            title={title}
            weeks={WEEKS}
            series={[{ key: 'n', label: title, values: [1, 2, 3], color: '--color-primary', format: String }]}
            formatAxis={String}
          />
        ))}
      </>,
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('trend-chart').map((box) => box.dataset.state)).toEqual([
        'drawn',
        'drawn',
        'drawn',
      ]),
    );
    expect(drawing.calls.map((call) => call.spec.series[0]!.label)).toEqual([
      'Requests',
      'Quotes',
      'Bookings',
    ]);
  });

  it('shows the table instead when the chart cannot be drawn', async () => {
    drawing.shouldFail = true;
    renderChart();
    expect(await screen.findByText(/The chart could not be drawn here/)).toBeTruthy();
    expect(screen.getByRole('table').parentElement!.className).not.toContain('sr-only');
    expect(screen.queryByRole('button', { name: 'Show table' })).toBeNull();
  });

  it('draws again only when the figures change', async () => {
    const { rerender } = renderChart();
    await waitFor(() => expect(drawing.calls).toHaveLength(1));
    const same = () => (
      <TrendChart
        title="Requests and quotes"
        weeks={[...WEEKS]}
        series={[
          {
            key: 'received',
            label: 'Requests Received',
            values: [0, 4, 2],
            color: '--color-primary',
            format: String,
          },
        ]}
        formatAxis={String}
      />
    );
    rerender(same());
    await waitFor(() => expect(drawing.calls).toHaveLength(2)); // one series fewer: new figures
    rerender(same());
    await new Promise((r) => setTimeout(r, 20));
    expect(drawing.calls).toHaveLength(2);
  });
});

describe('the chart library stays out of every other module', () => {
  it('is imported by draw-chart.ts alone, which only a dynamic import reaches', () => {
    const src = path.resolve(import.meta.dirname, '../..');
    const importers: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.includes('.test.')) {
          const code = fs.readFileSync(full, 'utf8');
          if (/from\s+['"]uplot['"]|import\s+['"]uplot/.test(code)) importers.push(path.relative(src, full));
          if (
            /from\s+['"][^'"]*draw-chart['"]/.test(code) &&
            !/import type/.test(code.match(/.*draw-chart.*/)![0])
          ) {
            importers.push(`${path.relative(src, full)} (draw-chart, statically)`);
          }
        }
      }
    };
    walk(src);
    expect(importers).toEqual(['components/charts/draw-chart.ts']);
  });
});
