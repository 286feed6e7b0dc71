/**
 * Issue 33 item 6: a value is not repeated beside itself — a request with no set time and a
 * flexible time read 'Flexible (Flexible)' in its details.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { customerApi, makeDetail, makeMyRequest, page } from '@/features/requests/testing/request-fixtures';

describe('Request Details: the preferred time', () => {
  it("reads 'Flexible' once when the time is flexible in both ways", async () => {
    const request = makeMyRequest({
      id: 'r1',
      title: 'Pool cleaning request',
      preferredTime: null,
      timeFlexibility: 'flexible',
    });
    mockApi({
      ...customerApi({ active: page([request]) }),
      'GET /api/requests/r1': { body: makeDetail(request) },
    });
    renderApp('/requests?request=r1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pool cleaning request' })).toBeTruthy();
    expect(screen.queryByText('Flexible (Flexible)')).toBeNull();
    expect(screen.getByText('Flexible')).toBeTruthy();
  });
});
