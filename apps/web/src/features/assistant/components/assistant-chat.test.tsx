import {
  ASSISTANT_EXAMPLE_PROMPTS,
  catalogueRows,
  type CreatedRequest,
  type MarketAnalysis,
} from '@grip/domain';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '@/app/providers';
import { advanceFakeTimers, useFakeClock } from '@/test/clock';
import { mockApi, type ApiCall, type Reply } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { PENDING_REQUEST_KEY, PENDING_REQUEST_VERSION } from '../pending-request';
import { AssistantChat, type AssistantChatProps } from './assistant-chat';

/** Wednesday 6 May 2026, 09:30 local time. */
const NOW = new Date(2026, 4, 6, 9, 30);
const HOME = { address: '12 Smith St, Surry Hills NSW 2010', latitude: -33.8853, longitude: 151.2114 };

function analysis(overrides: Partial<MarketAnalysis> = {}): MarketAnalysis {
  return {
    serviceType: 'Home & Property Services',
    service: 'Plumbing',
    radiusKm: 10,
    hasLocation: true,
    providerCount: 7,
    expandedRadiusKm: 20,
    expandedProviderCount: 12,
    competitionLevel: 'moderate',
    averageResponseTime: 'within 4 hours',
    typicalBudgetRange: '$150-300',
    typicalBudget: { low: 150, high: 300 },
    popularTimeSlots: ['morning'],
    jobsLast3Months: 23,
    recentRequests: 9,
    options: ['ask_questions', 'send_all'],
    ...overrides,
  };
}

const CREATED: CreatedRequest = {
  id: 'req-1',
  title: 'Plumbing request',
  status: 'open',
  matchedBusinesses: 7,
};

function api(extra: Record<string, Reply | ((call: ApiCall) => Reply)> = {}) {
  return mockApi({
    'GET /api/service-categories': { body: catalogueRows() },
    'GET /api/requests/last-location': { body: HOME },
    'GET /api/market-analysis': { body: analysis() },
    'POST /api/requests': { status: 201, body: CREATED },
    ...extra,
  });
}

function renderChat(props: Partial<AssistantChatProps> = {}) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <AssistantChat variant="customer" {...props} /> },
      { path: '/auth', element: <p>Sign-in page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <Providers queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router };
}

/** Lets time pass (and pending fetches settle) inside act. */
async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Until the assistant has said everything it is about to say. */
async function untilQuiet() {
  for (let i = 0; i < 20 && screen.queryByTestId('assistant-typing'); i += 1) await wait(800);
  await wait(0);
}

const log = () => screen.getByRole('log', { name: 'Conversation with the assistant' });
const lastAssistantText = () => {
  const bubbles = log().querySelectorAll('[data-role="assistant"]');
  return bubbles[bubbles.length - 1]?.textContent?.replace(/^Assistant: /, '') ?? '';
};

/*
 * These tests fire the events directly, on a clock that only moves when told; 'Enter sends' is
 * checked with user-event below.
 */
async function click(element: HTMLElement) {
  fireEvent.click(element);
  await untilQuiet();
}

async function say(text: string) {
  const input = screen.getByLabelText('Message the assistant');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.submit(input.closest('form') as HTMLFormElement);
  await untilQuiet();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(NOW);
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('AssistantChat', () => {
  it('greets from the first paint, in a polite live log; replies come after the 0.8 s typing delay', async () => {
    api();
    renderChat();
    expect(log().getAttribute('aria-live')).toBe('polite');
    expect(within(log()).getByText(/I'm the Grip assistant/)).toBeTruthy();
    expect(screen.queryByTestId('assistant-typing')).toBeNull();

    const input = screen.getByLabelText('Message the assistant');
    fireEvent.change(input, { target: { value: 'My kitchen tap is leaking' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await wait(0);
    expect(screen.getByTestId('assistant-typing')).toBeTruthy();
    const bubbles = () => log().querySelectorAll('[data-role="assistant"]').length;
    expect(bubbles()).toBe(1);
    await wait(800);
    expect(bubbles()).toBe(2);
  });

  it('rotates the example prompts 3 at a time every 7 s, pausing while the customer types', async () => {
    api();
    renderChat();
    const prompts = () =>
      within(screen.getByTestId('example-prompts'))
        .getAllByRole('button')
        .map((b) => b.textContent);
    expect(prompts()).toEqual(ASSISTANT_EXAMPLE_PROMPTS.slice(0, 3));
    await wait(6999);
    expect(prompts()).toEqual(ASSISTANT_EXAMPLE_PROMPTS.slice(0, 3));
    await wait(1);
    expect(prompts()).toEqual(ASSISTANT_EXAMPLE_PROMPTS.slice(3, 6));

    fireEvent.change(screen.getByLabelText('Message the assistant'), { target: { value: 'my' } });
    await wait(14_000);
    expect(prompts()).toEqual(ASSISTANT_EXAMPLE_PROMPTS.slice(3, 6));
    fireEvent.change(screen.getByLabelText('Message the assistant'), { target: { value: '' } });
    await wait(7000);
    expect(prompts()).toEqual(ASSISTANT_EXAMPLE_PROMPTS.slice(6, 9));
  });

  it('holds the prompts and the carousel still when reduced motion is preferred', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === '(prefers-reduced-motion: reduce)',
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    api();
    renderChat();
    await wait(0);
    expect(screen.getByTestId('carousel-page').textContent).toBe('1 / 2');
    await wait(30_000);
    expect(
      within(screen.getByTestId('example-prompts'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(ASSISTANT_EXAMPLE_PROMPTS.slice(0, 3));
    expect(screen.getByTestId('carousel-page').textContent).toBe('1 / 2');
  });

  it('rotates the eight categories four at a time every 10 s, and hands a pick to the form', async () => {
    api();
    const onOpenForm = vi.fn();
    renderChat({ onOpenForm });
    await wait(0);
    const carousel = screen.getByRole('region', { name: 'Or browse by category' });
    const names = () =>
      within(carousel)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(names()).toEqual([
      'Everyday Household Needs',
      'Experiences',
      'Home & Property Services',
      'Occasional/Seasonal Services',
    ]);
    // A long name wraps after its slash, never inside a word; its button's name is whole.
    const seasonal = within(carousel).getByRole('button', { name: 'Occasional/Seasonal Services' });
    expect(seasonal.querySelector('wbr')?.previousSibling?.textContent).toBe('/');
    await wait(10_000);
    expect(names()).toEqual([
      'Personal Care & Lifestyle',
      'Pet Services',
      'Renovation & Home Improvement',
      'Vehicle & Transportation',
    ]);
    await click(within(carousel).getByRole('button', { name: 'Pet Services' }));
    expect(onOpenForm).toHaveBeenCalledWith({ serviceType: 'Pet Services', serviceSubtype: null });
    await click(within(carousel).getByRole('button', { name: 'Next categories' }));
    expect(names()[0]).toBe('Everyday Household Needs');
  });

  it('suggests 3 examples as chips when it does not understand, and a chip is sent', async () => {
    const { calls } = api();
    renderChat();
    await untilQuiet();
    await say('hello there');
    expect(lastAssistantText()).toMatch(/more specific/);
    const chips = within(screen.getByRole('list', { name: 'Suggested replies' })).getAllByRole('button');
    expect(chips).toHaveLength(3);
    await click(chips[0] as HTMLElement);
    expect(calls.some((c) => c.path.startsWith('/api/market-analysis'))).toBe(true);
  });

  it('goes from a need to a real submission, then hands over 1.5 s after "Request submitted!"', async () => {
    const { calls } = api();
    const onSubmitted = vi.fn();
    renderChat({ onSubmitted });
    await untilQuiet();

    await say('My kitchen tap is leaking');
    const market = calls.find((c) => c.path.startsWith('/api/market-analysis'));
    expect(new URLSearchParams(market?.path.split('?')[1]).toString()).toBe(
      new URLSearchParams({
        serviceType: 'Home & Property Services',
        service: 'Plumbing',
        latitude: String(HOME.latitude),
        longitude: String(HOME.longitude),
        radiusKm: '10',
      }).toString(),
    );
    expect(lastAssistantText()).toContain(
      '7 providers within 10 km of Surry Hills NSW 2010 (moderate competition)',
    );
    expect(lastAssistantText()).toContain('23 jobs booked in the last 3 months');

    // 3 to 10 providers: answering questions is recommended first.
    const buttons = within(log()).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Answer a few questions first',
      'Send to all 7 businesses',
    ]);
    await click(buttons[0] as HTMLElement);
    expect(lastAssistantText()).toMatch(/^Question 1 of 3/);
    await say('Under the kitchen sink');
    await click(screen.getByRole('button', { name: 'Skip' }));
    await say('Street parking out front');

    expect(lastAssistantText()).toMatch(/What's your budget\? Most plumbing jobs are around \$150-300/);
    await say('$250');
    await click(screen.getByRole('button', { name: 'Tomorrow morning' }));
    await click(screen.getByRole('button', { name: 'Use what I wrote' }));

    expect(lastAssistantText()).toContain('• Where: 12 Smith St, Surry Hills NSW 2010 (within 10 km)');
    expect(lastAssistantText()).toContain('• When: May 7, 2026 · Morning');
    await say('yes');

    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/requests');
    expect(post?.body).toEqual({
      serviceType: 'Home & Property Services',
      serviceSubtype: 'plumbing',
      title: 'Leaking kitchen tap',
      description:
        'My kitchen tap is leaking\nWhich part of the property is it, and roughly how big is the job? Under the kitchen sink\nIs there easy access and parking at the property? Street parking out front',
      location: HOME.address,
      latitude: HOME.latitude,
      longitude: HOME.longitude,
      serviceAreaKm: 10,
      budget: 250,
      preferredDate: '2026-05-07',
      preferredTime: '10:00:00',
      flexibleDates: false,
      isUrgent: false,
      images: [],
    });
    expect(lastAssistantText()).toBe(
      "Request submitted! 7 businesses have been notified. You'll see their offers in My Requests.",
    );
    expect(onSubmitted).not.toHaveBeenCalled();
    await wait(1499);
    expect(onSubmitted).not.toHaveBeenCalled();
    await wait(1);
    expect(onSubmitted).toHaveBeenCalledWith(CREATED);
  });

  it('expands to 20 km with a re-count and sends at 25 km', async () => {
    const { calls } = api({
      'GET /api/market-analysis': (call) => ({
        body: call.path.includes('radiusKm=20')
          ? analysis({ providerCount: 5, radiusKm: 20 })
          : analysis({ providerCount: 1, options: ['expand', 'ask_questions', 'send_all'] }),
      }),
    });
    renderChat();
    await untilQuiet();
    await say('leaking tap');
    expect(within(log()).getByRole('button', { name: 'Send to the 1 business' })).toBeTruthy();
    await click(within(log()).getByRole('button', { name: 'Expand to 20km' }));
    expect(lastAssistantText()).toMatch(/widened the search to 20 km: 5 providers can help there/);
    // The button names the count at 20 km, the one the customer was just told.
    expect(within(log()).queryByRole('button', { name: /^Send to all 1\b/ })).toBeNull();
    await click(within(log()).getByRole('button', { name: 'Send to all 5 businesses' }));
    await say('300');
    await say('asap');
    await say('The tap in the kitchen drips all day.');
    await say('send it');
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/requests');
    expect(post?.body).toMatchObject({
      serviceAreaKm: 25,
      isUrgent: true,
      budget: 300,
      preferredDate: '2026-05-06',
    });
  });

  it('carries on without figures when the market analysis fails', async () => {
    api({ 'GET /api/market-analysis': { status: 503, body: { error: 'unavailable', message: 'Down' } } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderChat();
    await untilQuiet();
    await say('leaking tap');
    expect(lastAssistantText()).toBe(
      'I found several options for plumbing near you. Would you like to send your request now?',
    );
    expect(within(log()).getByRole('button', { name: 'Send to all' })).toBeTruthy();
    expect(warn).toHaveBeenCalled();
  });

  it("shows 'Submission Failed' with the server's message and stays ready to send", async () => {
    const message =
      'You have pending reviews for completed services. Please complete your reviews before creating new requests.';
    api({ 'POST /api/requests': { status: 409, body: { error: 'conflict', message } } });
    renderChat();
    await untilQuiet();
    await say('leaking tap');
    await click(within(log()).getByRole('button', { name: 'Send to all 7 businesses' }));
    await say('200');
    await say('Saturday');
    await say('The tap in the kitchen drips all day.');
    await say('yes');
    expect(screen.getByText('Submission Failed')).toBeTruthy();
    expect(within(log()).getByText(`I couldn't send your request. ${message}`)).toBeTruthy();
    expect(lastAssistantText()).toMatch(/Reply "yes" or "send it"/);
  });

  it('explains a field error from the server and asks that step again', async () => {
    api({
      'POST /api/requests': {
        status: 400,
        body: {
          error: 'invalid',
          message: 'Please enter a budget amount',
          fields: { budget: 'Please enter a budget amount' },
        },
      },
    });
    renderChat();
    await untilQuiet();
    await say('leaking tap');
    await click(within(log()).getByRole('button', { name: 'Send to all 7 businesses' }));
    await say('200');
    await say('Saturday');
    await say('The tap in the kitchen drips all day.');
    await say('yes');
    expect(
      within(log()).getByText("I couldn't send your request. Please enter a budget amount"),
    ).toBeTruthy();
    expect(lastAssistantText()).toMatch(/^What's your budget\?/);
  });
});

describe('guest hand-off', () => {
  it('keeps a guest request in sessionStorage and sends the guest to sign in', async () => {
    const { calls } = api({ 'GET /api/market-analysis': { body: analysis({ hasLocation: false }) } });
    const { router } = renderChat({ variant: 'guest' });
    await untilQuiet();
    expect(lastAssistantText()).toMatch(/without an account/);
    await say('leaking tap');
    await click(within(log()).getByRole('button', { name: 'Send to all 7 businesses' }));
    await say('200');
    await say('next week');
    await say('The tap in the kitchen drips all day.');
    expect(lastAssistantText()).toMatch(/Where should the work be done/);
    await say('3 Bay Rd, Manly NSW 2095');
    await say('yes');

    expect(router.state.location.pathname).toBe('/auth');
    await wait(50);
    expect(screen.getByText('Sign in to send your request')).toBeTruthy();
    const stored = JSON.parse(sessionStorage.getItem(PENDING_REQUEST_KEY) ?? 'null') as {
      version: number;
      draft: Record<string, unknown>;
    };
    expect(stored.version).toBe(PENDING_REQUEST_VERSION);
    expect(stored.draft).toMatchObject({
      category: 'Home & Property Services',
      service: 'Plumbing',
      budget: 200,
      details: 'The tap in the kitchen drips all day.',
      location: { address: '3 Bay Rd, Manly NSW 2095', latitude: null, longitude: null },
      when: { preferredDate: '2026-05-11' },
    });
    // Guests never post, and never ask for a last location.
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(calls.some((c) => c.path === '/api/requests/last-location')).toBe(false);
  });

  it('resumes the pending request for the signed-in customer, sends it and clears it', async () => {
    sessionStorage.setItem(
      PENDING_REQUEST_KEY,
      JSON.stringify({
        version: PENDING_REQUEST_VERSION,
        savedAt: NOW.toISOString(),
        draft: {
          need: 'leaking tap',
          category: 'Home & Property Services',
          service: 'Plumbing',
          serviceAreaKm: 10,
          answers: [],
          budget: 200,
          when: null,
          details: 'The tap in the kitchen drips all day.',
          location: { address: '3 Bay Rd, Manly NSW 2095', latitude: null, longitude: null },
          isUrgent: false,
        },
      }),
    );
    const { calls } = api();
    const onSubmitted = vi.fn();
    renderChat({ onSubmitted });
    await untilQuiet();
    expect(within(log()).getByText(/Welcome back!/)).toBeTruthy();
    expect(lastAssistantText()).toContain('• Where: 3 Bay Rd, Manly NSW 2095 (within 10 km)');
    expect(sessionStorage.getItem(PENDING_REQUEST_KEY)).not.toBeNull();

    await click(screen.getByRole('button', { name: 'Yes, send it' }));
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/requests');
    expect(post?.body).toMatchObject({
      location: '3 Bay Rd, Manly NSW 2095',
      budget: 200,
      flexibleDates: true,
    });
    expect(lastAssistantText()).toMatch(/^Request submitted! 7 businesses/);
    expect(sessionStorage.getItem(PENDING_REQUEST_KEY)).toBeNull();
    await wait(1500);
    expect(onSubmitted).toHaveBeenCalledWith(CREATED);
  });

  it('clears the pending request when the customer dismisses it', async () => {
    sessionStorage.setItem(
      PENDING_REQUEST_KEY,
      JSON.stringify({
        version: PENDING_REQUEST_VERSION,
        savedAt: NOW.toISOString(),
        draft: {
          need: 'leaking tap',
          category: 'Home & Property Services',
          service: null,
          serviceAreaKm: 25,
          answers: [],
          budget: 200,
          when: null,
          details: null,
          location: { address: 'Manly', latitude: null, longitude: null },
          isUrgent: false,
        },
      }),
    );
    const { calls } = api();
    renderChat();
    await untilQuiet();
    await click(screen.getByRole('button', { name: 'Start over' }));
    expect(lastAssistantText()).toBe('No problem — nothing was sent. What do you need done?');
    expect(sessionStorage.getItem(PENDING_REQUEST_KEY)).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('drops a stored request of another version and greets instead', async () => {
    sessionStorage.setItem(PENDING_REQUEST_KEY, JSON.stringify({ version: 99, draft: {} }));
    api();
    renderChat();
    await untilQuiet();
    expect(lastAssistantText()).toMatch(/I'm the Grip assistant/);
    expect(sessionStorage.getItem(PENDING_REQUEST_KEY)).toBeNull();
  });
});

describe('typing', () => {
  it('sends with Enter and clears the box', async () => {
    // user-event pauses on timers: on this clock it moves them itself, and the clock follows real time.
    useFakeClock();
    vi.setSystemTime(NOW);
    const { calls } = api();
    renderChat();
    const user = userEvent.setup({ advanceTimers: advanceFakeTimers });
    const input = screen.getByLabelText('Message the assistant');
    await user.type(input, 'My kitchen tap is leaking{Enter}');
    expect((input as HTMLInputElement).value).toBe('');
    expect(within(log()).getByText('My kitchen tap is leaking')).toBeTruthy();
    await untilQuiet();
    expect(screen.getByText(/7 providers within 10 km/)).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/market-analysis'))).toBe(true);
  });
});
