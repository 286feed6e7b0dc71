import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  otherUser,
  pageIsLive,
  PASSWORD,
  postRequest,
  signInAsAdministrator,
  signUpInPage,
} from './fixtures';

/**
 * The administrator's dashboard in the browser: real figures, the delivery switches the outbox obeys,
 * CSV exports that download, the bulk import, the directory's edit dialog, role management and
 * Archive All Requests behind a confirmation. Every test uses the suite's one administrator.
 */
test('an administrator reads the figures, switches SMS off, exports users and archives every active request', async ({
  page,
  baseURL,
}) => {
  const customer = await otherUser(baseURL!, { name: 'Ada Customer' });
  await postRequest(customer.api, 'Cleaning Services', 2);
  await signInAsAdministrator(page);

  await page.goto('/admin');
  const stats = page.getByRole('list', { name: 'Platform statistics' });
  const activeRequests = stats.getByRole('listitem').filter({ hasText: 'Active Requests' });
  // Other specs post requests too: at least this customer's two are active.
  await expect(activeRequests).toContainText(/\d+/);
  const before = Number((await activeRequests.textContent())!.match(/(\d+)/)![1]);
  expect(before).toBeGreaterThanOrEqual(2);
  await expect(stats.getByRole('listitem').filter({ hasText: 'Active offers per business' })).toBeVisible();

  // The SMS switch persists: the server answers the new value after a reload.
  const sms = page.getByRole('switch', { name: 'SMS Notifications' });
  await expect(sms).toHaveAttribute('aria-checked', 'true');
  await sms.click();
  await expect(sms).toHaveAttribute('aria-checked', 'false');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'SMS Notifications' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  const settings = await page.request.get('/api/admin/settings');
  expect(await settings.json()).toMatchObject({
    smsNotificationsEnabled: false,
    emailNotificationsEnabled: true,
  });
  await page.getByRole('switch', { name: 'SMS Notifications' }).click();
  await expect(page.getByRole('switch', { name: 'SMS Notifications' })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  // Export Users downloads a CSV named for today with this customer in it.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Users' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`users_export_${new Date().toISOString().slice(0, 10)}.csv`);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv).toContain(customer.email);
  expect(csv.split(/\r?\n/)[0]).toContain('email');

  // Archive All asks first; Cancel changes nothing.
  await page.getByRole('button', { name: 'Archive All Requests' }).click();
  const dialog = page.getByRole('dialog', { name: 'Archive all active requests?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  const mine = async () =>
    ((await (await customer.api.get('/api/requests?section=active')).json()) as { items: unknown[] }).items
      .length;
  expect(await mine()).toBe(2);

  await page.getByRole('button', { name: 'Archive All Requests' }).click();
  await dialog.getByRole('button', { name: 'Archive requests' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: /Archived \d+ request/ })).toBeVisible();
  await expect(activeRequests).toContainText('0');
  expect(await mine()).toBe(0);

  await customer.api.dispose();
});

test('a business owner is kept out of every admin endpoint', async ({ page }) => {
  await signUpInPage(page, { role: 'business_owner' });
  for (const path of ['/api/admin/stats', '/api/admin/settings', '/api/admin/exports/users.csv']) {
    expect((await page.request.get(path)).status(), path).toBe(403);
  }
  expect((await page.request.post('/api/admin/archive-requests')).status()).toBe(403);
});

test('an administrator imports businesses from a CSV, exports them and edits one in the directory', async ({
  page,
  request,
}) => {
  await signInAsAdministrator(page);
  await page.goto('/admin');
  await pageIsLive(page);
  const stamp = Date.now().toString(36);
  const email = `bulk.${stamp}@example.com`;
  const csv = [
    'email,password,business_name,display_name,phone,address,website,google_reviews_url,description,service_categories,service_area_km,notification_preferences,notification_email',
    `${email},Harbour-pools-2026,"Harbour Pools ${stamp}, Pty Ltd",Hana,0412 000 001,,,,Pool care,Pool Maintenance;Cleaning Services,,,`,
    '# a comment line is ignored',
    '',
    `not-an-email,Harbour-pools-2026,Broken Row ${stamp},,,,,,,Cleaning Services,,,`,
  ].join('\n');
  await page.getByLabel('CSV file').setInputFiles({
    name: 'businesses.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Completed with errors' }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Rows not created' })).toContainText('not-an-email');

  // Export Businesses: the name with its comma comes back as one quoted cell.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Businesses' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`businesses_export_${new Date().toISOString().slice(0, 10)}.csv`);
  const exported = await readFile((await download.path())!, 'utf8');
  expect(exported).toContain(`"Harbour Pools ${stamp}, Pty Ltd"`);
  expect(exported).toContain(email);
  expect(exported).not.toContain(`Broken Row ${stamp}`);

  // The imported business in the directory, defaulted to 25 km, edited to 30 km.
  await page.getByRole('searchbox', { name: 'Search businesses' }).fill(`Harbour Pools ${stamp}`);
  const row = page.getByTestId('directory-business').filter({ hasText: `Harbour Pools ${stamp}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('25 km');
  await row.getByRole('button', { name: /^Edit / }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Business Profile' });
  await dialog.getByLabel('Service area (km)').fill('30');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Profile Updated' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('30 km');

  // The imported account signs in with the password from the file.
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email, password: 'Harbour-pools-2026' },
  });
  expect(signIn.status()).toBe(200);
});

test('an administrator makes a customer a business owner, suspends them and reinstates them', async ({
  page,
  browser,
  baseURL,
}) => {
  const person = await otherUser(baseURL!, { name: `Rory Role ${Date.now().toString(36)}` });
  await signInAsAdministrator(page);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(person.email);
  const row = page.getByTestId('admin-user').filter({ hasText: person.email });
  await expect(row).toHaveCount(1);

  await row.getByRole('combobox', { name: /^Role of / }).selectOption('business_owner');
  const confirmRole = page.getByRole('dialog', { name: /a Business Owner\?$/ });
  await confirmRole.getByRole('button', { name: 'Make Business Owner' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Role updated' })).toBeVisible();
  const me = async () => (await person.api.get('/api/me')).status();
  const role = async () =>
    ((await (await person.api.get('/api/me')).json()) as { profile: { role: string } }).profile.role;
  expect(await role()).toBe('business_owner');

  // Suspending signs them out everywhere at once, and the sign-in form says why they cannot get in.
  await row.getByRole('button', { name: /^Suspend / }).click();
  await page
    .getByRole('dialog', { name: /^Suspend / })
    .getByRole('button', { name: 'Suspend' })
    .click();
  await expect(row.getByText('Suspended', { exact: true })).toBeVisible();
  expect(await me()).toBe(401);
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto('/auth');
  await visitor.getByLabel('Email').fill(person.email);
  await visitor.getByLabel('Password').fill(PASSWORD);
  const signInButton = visitor.getByRole('button', { name: 'Sign In', exact: true });
  await signInButton.click();
  await expect(visitor.locator('[data-sonner-toast]')).toContainText('This account is suspended');
  await expect(visitor).toHaveURL(/\/auth/);

  await row.getByRole('button', { name: /^Reinstate / }).click();
  await page
    .getByRole('dialog', { name: /^Reinstate / })
    .getByRole('button', { name: 'Reinstate' })
    .click();
  await expect(row.getByText('Suspended', { exact: true })).toBeHidden();
  await signInButton.click();
  await expect(visitor).not.toHaveURL(/\/auth/);
  await expect(visitor.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  await context.close();
  await person.api.dispose();
});

test('an administrator searches businesses near a place on the test page and from the home', async ({
  page,
  context,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  const name = `Sandy Pools ${stamp}`;
  const business = await otherUser(baseURL!, { role: 'business_owner', businessName: name });
  await signInAsAdministrator(page);
  // The administrator places the business in Manly (the offline gazetteer knows the suburb).
  const placed = await page.request.put(`/api/admin/businesses/${business.userId}`, {
    data: {
      businessName: name,
      displayName: 'Sandy',
      phone: '0412 345 678',
      address: 'Manly NSW',
      website: 'https://sandy-pools.example.com',
      description: 'Pool care',
      serviceCategories: ['Pool Maintenance'],
      serviceAreaKm: '25',
      notificationEmail: business.email,
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const manly = (await (await page.request.get('/api/geo/geocode?address=Manly%20NSW')).json()) as {
    latitude: number;
    longitude: number;
  };
  // About 3 km north of the business.
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: manly.latitude + 0.027, longitude: manly.longitude });

  await page.goto('/admin-test-request');
  await page.getByLabel('Keyword').fill(name);
  await expect(
    page.getByText('Choose a location: use your current location or type an address.'),
  ).toBeVisible();
  await page.getByRole('switch', { name: 'Use current location' }).click();
  const results = page.getByRole('region', { name: 'Search results' });
  const card = results.getByRole('button', { name: new RegExp(name) });
  await expect(card).toContainText(/km away/);
  await expect(card).toHaveAttribute('aria-expanded', 'false');
  await card.click();
  await expect(card).toHaveAttribute('aria-expanded', 'true');
  await expect(results.getByRole('link', { name: /sandy-pools\.example\.com/ })).toBeVisible();

  // Within 1 km it is out of reach; the search runs again by itself.
  await page.getByLabel('Radius').selectOption('1');
  await expect(results.getByText('No results found')).toBeVisible();

  // A typed address that no geocoder knows.
  await page.getByRole('switch', { name: 'Use current location' }).click();
  await page.getByLabel('Address').fill('Qqzzx Nowhereville');
  await expect(
    page.getByText('Could not find coordinates for the address. Try a different address.').first(),
  ).toBeVisible();

  // The mock request form refuses a date in the past and sends nothing.
  const mock = page.getByRole('form', { name: 'Request details (mock)' });
  await mock.getByLabel('Preferred date').fill('2020-01-01');
  await mock.getByRole('button', { name: 'Preview request' }).click();
  await expect(mock.getByText('The preferred date and time cannot be earlier than now.')).toBeVisible();

  // The home: a business search instead of the assistant, and no Book Now.
  await page.goto('/home');
  const search = page.getByRole('search', { name: 'Business search' });
  await expect(page.getByRole('link', { name: /Book Now/ })).toHaveCount(0);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(search.getByText('Enter search criteria')).toBeVisible();
  await search.getByLabel('Search businesses').fill(name);
  await search.getByLabel('Search businesses').press('Enter');
  await expect(
    page.getByRole('list', { name: 'Businesses found' }).getByRole('button', { name: new RegExp(name) }),
  ).toBeVisible();

  await business.api.dispose();
});
