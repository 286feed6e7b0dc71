import { devices, expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { confirmOffer, otherUser, signUpInPage } from './fixtures';

/**
 * Live chat between a customer and a business, each in a browser of their own with the app open:
 * messages typed in one send box show up on the other screen without a reload, the receiver's unread
 * badges and bell rise as they arrive (and the unread-messages badge clears once the chat is opened),
 * a toast announces each one, and Shift+Enter writes a new line instead of sending. The booking
 * behind the conversation is made through the API; only the chat is driven through the UI.
 * Live assertions wait at most 6 s, well inside the 10 s conversation poll and 30 s badge poll.
 */
const LIVE = { timeout: 6_000 };

interface BadgeCounts {
  unreadNotifications: number;
  unreadMessages: number;
}

const badgesOf = async (api: APIRequestContext) =>
  (await (await api.get('/api/badges')).json()) as BadgeCounts;

/** Marks the window so a later check can tell that the page was never reloaded. */
async function markWindow(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __e2eNoReload?: boolean }).__e2eNoReload = true;
  });
}

async function expectNotReloaded(page: Page) {
  expect(
    await page.evaluate(() => (window as unknown as { __e2eNoReload?: boolean }).__e2eNoReload),
    'the page was reloaded',
  ).toBe(true);
}

/** Counts the chat sends (POST …/messages) a page makes. */
function countSends(page: Page) {
  const sends: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/conversations\/[^/]+\/messages$/.test(request.url()))
      sends.push(request.postData() ?? '');
  });
  return sends;
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const bell = (page: Page) => page.getByRole('button', { name: 'Notifications' });
const thread = (page: Page) => page.getByRole('list', { name: 'Messages' });
const sendBox = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
const toastFor = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: 'New message' }).filter({ hasText: text });

test('chat messages, unread badges, the bell and toasts update live on the other party’s open screen', async ({
  page: business,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);

  // The booking, through the API: a business, a customer's matching request, a quote, accepted.
  await signUpInPage(business, { name: 'Lena Sparks' });
  const registered = await business.request.post('/api/business-registration', {
    data: {
      businessName: 'Sparks Electrical',
      contactPerson: 'Lena Sparks',
      address: 'Newtown NSW',
      useAccountEmail: true,
      phone: '+61 400 555 111',
      serviceCategories: ['Electrical'],
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);

  const customer = await otherUser(baseURL!, { name: 'Omar Reyes' });
  const posted = await customer.api.post('/api/requests', {
    data: {
      serviceType: 'Home & Property Services',
      serviceSubtype: 'electrical',
      description: 'Two power points in the kitchen stopped working.',
      location: '12 King St, Newtown NSW 2042',
      serviceAreaKm: 10,
      budget: 180,
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { id: requestId } = (await posted.json()) as { id: string };
  const quoted = await business.request.post(`/api/business/requests/${requestId}/responses`, {
    data: { message: 'I can fix both power points tomorrow.', quotedPrice: 160, priceType: 'fixed' },
  });
  expect(quoted.status(), await quoted.text()).toBe(201);
  const { id: responseId } = (await quoted.json()) as { id: string };
  const booked = await confirmOffer(customer.api, responseId);
  expect(booked.status(), await booked.text()).toBe(200);

  // Both start with nothing unread, so every badge below is the chat's doing.
  for (const api of [business.request, customer.api]) {
    const cleared = await api.post('/api/notifications/read-all');
    expect(cleared.status(), await cleared.text()).toBe(204);
    expect(await badgesOf(api)).toMatchObject({ unreadNotifications: 0, unreadMessages: 0 });
  }

  // The customer's phone: the booking's conversation open on /messages.
  const customerContext = await browser.newContext({
    ...devices['Pixel 7'],
    baseURL,
    storageState: await customer.api.storageState(),
  });
  const customerPage = await customerContext.newPage();
  const customerSends = countSends(customerPage);
  await customerPage.goto(`/messages?conversation=${requestId}-${responseId}`);
  await expect(customerPage.getByText('with Sparks Electrical')).toBeVisible();
  await expect(customerPage.getByText('No messages yet. Start the conversation!')).toBeVisible();
  await expect(mainNav(customerPage).getByRole('link', { name: 'Messages', exact: true })).toBeVisible();

  // The business's phone: on its dashboard, away from the chat.
  await business.goto('/business-dashboard');
  const inProgress = mainNav(business).getByRole('link', { name: /^In Progress/ });
  await expect(inProgress).toHaveAccessibleName('In Progress');
  await expect(business.getByTestId('nav-badge-business-active')).toHaveCount(0);
  await expect(bell(business)).not.toHaveAccessibleDescription(/unread/);
  await markWindow(customerPage);
  await markWindow(business);

  // 1. Shift+Enter starts a new line in the send box; nothing is sent.
  const customerBox = sendBox(customerPage);
  await customerBox.fill('Hi Lena, the switchboard is in the garage.');
  await customerBox.press('Shift+Enter');
  await customerBox.pressSequentially('The gate code is 4821.');
  await expect(customerBox).toHaveValue('Hi Lena, the switchboard is in the garage.\nThe gate code is 4821.');
  await expect(customerPage.getByText('No messages yet. Start the conversation!')).toBeVisible();
  expect(customerSends).toHaveLength(0);

  // 2. Enter sends both lines as one message.
  await customerBox.press('Enter');
  await expect(customerBox).toHaveValue('');
  const firstMessage = thread(customerPage).getByText('Hi Lena, the switchboard is in the garage.');
  await expect(firstMessage).toBeVisible();
  await expect(firstMessage).toHaveJSProperty(
    'textContent',
    'Hi Lena, the switchboard is in the garage.\nThe gate code is 4821.',
  );
  expect(customerSends).toHaveLength(1);

  // 3. On the business's dashboard the bell, the In Progress unread badge and a toast appear by themselves.
  await expect(bell(business)).toHaveAccessibleDescription('1 unread', LIVE);
  await expect(inProgress).toHaveAccessibleName('In Progress (1 unread)', LIVE);
  await expect(business.getByTestId('nav-badge-business-active')).toHaveText('1');
  const businessToast = toastFor(business, 'Omar Reyes: Hi Lena, the switchboard');
  await expect(businessToast).toBeVisible(LIVE);
  await expectNotReloaded(business);

  // 4. The toast's View (clicked while it shows) leads to Messages and reads the notification; the
  //    conversation is listed as unread.
  await businessToast.getByRole('button', { name: 'View' }).click();
  await expect(business).toHaveURL(/\/messages$/);
  await expect(bell(business)).not.toHaveAccessibleDescription(/unread/, LIVE);
  const businessRow = business
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link', { name: /Omar Reyes/ });
  await expect(businessRow).toContainText('1 unread message');
  await expect(inProgress).toHaveAccessibleName('In Progress (1 unread)');

  // 5. Opening it shows the message with its line break and clears the unread-messages badge.
  await businessRow.click();
  await expect(business).toHaveURL(new RegExp(`conversation=${requestId}-${responseId}$`));
  const received = thread(business).getByText('Hi Lena, the switchboard is in the garage.');
  await expect(received).toBeVisible();
  await expect(received).toHaveJSProperty(
    'textContent',
    'Hi Lena, the switchboard is in the garage.\nThe gate code is 4821.',
  );
  await expect(inProgress).toHaveAccessibleName('In Progress', LIVE);
  await expect(business.getByTestId('nav-badge-business-active')).toHaveCount(0);
  await expect.poll(async () => (await badgesOf(business.request)).unreadMessages).toBe(0);
  await expectNotReloaded(business);

  // 6. The business answers with Enter: it appears in the customer's open conversation by itself,
  //    with a toast and the bell; the chat is open, so the message is read at once.
  await sendBox(business).fill('Thanks Omar, see you at 9.');
  await sendBox(business).press('Enter');
  await expect(thread(business).getByText('Thanks Omar, see you at 9.')).toBeVisible();
  await expect(thread(customerPage).getByText('Thanks Omar, see you at 9.')).toBeVisible(LIVE);
  await expect(toastFor(customerPage, 'Sparks Electrical: Thanks Omar')).toBeVisible(LIVE);
  await expect(bell(customerPage)).toHaveAccessibleDescription('1 unread', LIVE);
  await expect(mainNav(customerPage).getByRole('link', { name: /^Messages/ })).toHaveAccessibleName(
    'Messages',
    LIVE,
  );
  await expect.poll(async () => (await badgesOf(customer.api)).unreadMessages).toBe(0);
  await expectNotReloaded(customerPage);

  // 7. Back on the conversation list, the customer's Messages badge rises with the next message,
  //    and clears when the conversation is opened again.
  await customerPage.getByRole('link', { name: 'Back to conversations' }).click();
  const customerRow = customerPage
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link', { name: /Sparks Electrical/ });
  await expect(customerRow).toBeVisible();
  await sendBox(business).fill('Is the meter box unlocked as well?');
  await sendBox(business).press('Enter');
  await expect(thread(business).getByText('Is the meter box unlocked as well?')).toBeVisible();
  const messagesTab = mainNav(customerPage).getByRole('link', { name: /^Messages/ });
  await expect(messagesTab).toHaveAccessibleName('Messages (1 unread)', LIVE);
  await expect(customerPage.getByTestId('nav-badge-messages')).toHaveText('1');
  await expect(customerRow).toContainText('1 unread message', LIVE);
  await expect(customerRow).toContainText('Is the meter box unlocked as well?');
  await expect(bell(customerPage)).toHaveAccessibleDescription('2 unread', LIVE);
  await expect(toastFor(customerPage, 'Sparks Electrical: Is the meter box')).toBeVisible(LIVE);
  await customerRow.click();
  await expect(thread(customerPage).getByText('Is the meter box unlocked as well?')).toBeVisible();
  await expect(messagesTab).toHaveAccessibleName('Messages', LIVE);
  await expect(customerPage.getByTestId('nav-badge-messages')).toHaveCount(0);
  await expect.poll(async () => (await badgesOf(customer.api)).unreadMessages).toBe(0);
  await expectNotReloaded(customerPage);

  // 8. The business follows on the conversation page; the customer's reply appears there by itself.
  await business.goto(`/conversation/${responseId}`);
  await expect(thread(business).getByText('Is the meter box unlocked as well?')).toBeVisible();
  await markWindow(business);
  await sendBox(customerPage).fill('Yes, it is open.');
  await sendBox(customerPage).press('Enter');
  await expect(thread(customerPage).getByText('Yes, it is open.')).toBeVisible();
  await expect(thread(business).getByText('Yes, it is open.')).toBeVisible(LIVE);
  await expect(toastFor(business, 'Omar Reyes: Yes, it is open.')).toBeVisible(LIVE);
  await expect(bell(business)).toHaveAccessibleDescription('1 unread', LIVE);
  await expect(inProgress).toHaveAccessibleName('In Progress', LIVE);
  await expect.poll(async () => (await badgesOf(business.request)).unreadMessages).toBe(0);
  await expectNotReloaded(business);
  expect(customerSends).toHaveLength(2);

  await customerContext.close();
  await customer.api.dispose();
});
