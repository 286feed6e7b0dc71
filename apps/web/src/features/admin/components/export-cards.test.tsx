import { ADMIN_EXPORT_MESSAGES } from '@grip/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '@/app/providers';
import { deferred, mockApi } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { ExportCards } from './export-cards';

const CSV = '\uFEFFemail,business_name\nann@example.com,"Smith, ""Best"" Plumbing"\n';

let saved: Array<{ href: string; download: string }>;
let blobs: Blob[];
const revoke = vi.fn();
// jsdom has no object URLs: stubbed per test, put back after.
const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

beforeEach(() => {
  saved = [];
  blobs = [];
  URL.createObjectURL = (blob: Blob) => {
    blobs.push(blob);
    return `blob:grip/${blobs.length}`;
  };
  URL.revokeObjectURL = revoke;
  // jsdom cannot navigate: record what would have been downloaded instead.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});

afterEach(() => {
  URL.createObjectURL = original.create;
  URL.revokeObjectURL = original.revoke;
  vi.restoreAllMocks();
  revoke.mockClear();
});

function renderCards() {
  const user = userEvent.setup();
  render(
    <Providers queryClient={createTestQueryClient()}>
      <ExportCards />
    </Providers>,
  );
  return { user };
}

/** A CSV answer like the server's, released when the test says so. */
function csvFetch(fileName: string) {
  const gate = deferred<void>();
  const calls: Array<{ path: string; init?: RequestInit }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ path: String(input), init });
      await gate.promise;
      return new Response(CSV, {
        status: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${fileName}"`,
        },
      });
    }),
  );
  return { gate, calls };
}

describe('ExportCards', () => {
  it('shows both cards and downloads the businesses CSV under the server’s file name, busy meanwhile', async () => {
    const { gate, calls } = csvFetch('businesses_export_2026-05-04.csv');
    const { user } = renderCards();
    expect(screen.getByRole('heading', { name: 'Export Businesses' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Export Users' })).toBeTruthy();

    const button = screen.getByRole('button', { name: 'Export Businesses' });
    await user.click(button);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe('/api/admin/exports/businesses.csv');
    expect(calls[0]!.init?.credentials).toBe('same-origin');

    gate.resolve();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ href: 'blob:grip/1', download: 'businesses_export_2026-05-04.csv' });
    // The bytes as sent, byte-order mark included (Blob.text() would drop it).
    expect([...new Uint8Array(await blobs[0]!.arrayBuffer())]).toEqual([...new TextEncoder().encode(CSV)]);
    await waitFor(() => expect(revoke).toHaveBeenCalledWith('blob:grip/1'));
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull());
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('downloads the users CSV from its own endpoint', async () => {
    const { gate, calls } = csvFetch('users_export_2026-05-04.csv');
    gate.resolve();
    const { user } = renderCards();
    await user.click(screen.getByRole('button', { name: 'Export Users' }));
    await waitFor(() =>
      expect(saved).toEqual([{ href: 'blob:grip/1', download: 'users_export_2026-05-04.csv' }]),
    );
    expect(calls[0]!.path).toBe('/api/admin/exports/users.csv');
  });

  it('says there is nothing to export when the server finds no rows', async () => {
    mockApi({
      'GET /api/admin/exports/businesses.csv': {
        status: 404,
        body: { error: 'not_found', message: ADMIN_EXPORT_MESSAGES.noBusinesses },
      },
      'GET /api/admin/exports/users.csv': {
        status: 404,
        body: { error: 'not_found', message: ADMIN_EXPORT_MESSAGES.noUsers },
      },
    });
    const { user } = renderCards();
    await user.click(screen.getByRole('button', { name: 'Export Businesses' }));
    expect(await screen.findByText(ADMIN_EXPORT_MESSAGES.noBusinesses)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Export Users' }));
    expect(await screen.findByText(ADMIN_EXPORT_MESSAGES.noUsers)).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('shows the spec’s failure texts when the export fails or the network is down', async () => {
    mockApi({
      'GET /api/admin/exports/businesses.csv': {
        status: 500,
        body: { error: 'internal', message: 'Something went wrong on our side. Please try again.' },
      },
    });
    const { user } = renderCards();
    await user.click(screen.getByRole('button', { name: 'Export Businesses' }));
    expect(await screen.findByText(ADMIN_EXPORT_MESSAGES.businessesFailed)).toBeTruthy();

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await user.click(screen.getByRole('button', { name: 'Export Users' }));
    expect(await screen.findByText(ADMIN_EXPORT_MESSAGES.usersFailed)).toBeTruthy();
    expect(saved).toEqual([]);
    expect(screen.queryByText(ADMIN_EXPORT_MESSAGES.noUsers)).toBeNull();
  });
});
