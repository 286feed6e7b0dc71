import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '@/app/providers';
import { createTestQueryClient } from '@/test/render';
import { OfferDialog } from '../components/offer-dialog';

function Harness({ responseId }: { responseId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <OfferDialog
      responseId={responseId}
      open={open}
      onOpenChange={setOpen}
      trigger={<button type="button">Open offer</button>}
    />
  );
}

/**
 * The Response detail dialog behind an 'Open offer' button, with the app's providers (query client,
 * toasts) and a router for its links; the API is whatever fetch the test mocked.
 */
export function renderOfferDialog(
  responseId = 'resp1',
  userOptions: Parameters<typeof userEvent.setup>[0] = {},
) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(
    [
      { path: '/', element: <Harness responseId={responseId} /> },
      { path: '/messages', element: <p>Messages screen</p> },
    ],
    { initialEntries: ['/'] },
  );
  const user = userEvent.setup(userOptions);
  const result = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, user, router, queryClient };
}
