import {
  AUTH_MESSAGES,
  BULK_BUSINESS_COLUMNS,
  BULK_UPLOAD_MESSAGES,
  BULK_UPLOAD_PATH,
  BULK_UPLOAD_SAMPLE_CSV,
  BUSINESS_PROFILE_MESSAGES,
  bulkDuplicateEmailMessage,
  bulkMissingColumnsMessage,
  type BulkUploadResult,
} from '@grip/domain';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, sessions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createGeocoder } from '../geo/geocoder';
import { adminBulkUploadRoutes } from './bulk-upload.routes';

let t: TestApp;
let admin: { cookie: string; userId: string; email: string };
let customer: { cookie: string; email: string };
let owner: { cookie: string; email: string };

beforeAll(async () => {
  t = await createTestApp();
  // buildApp may or may not register these routes yet; either way the test runs against them.
  if (!t.app.hasRoute({ method: 'POST', url: BULK_UPLOAD_PATH })) {
    await t.app.register(adminBulkUploadRoutes, {
      db: t.db,
      auth: t.app.grip.auth,
      geocoder: createGeocoder(t.app.grip.config),
    });
  }
  await t.app.ready();
  admin = await t.signUp({ role: 'administrator', name: 'Ada Admin' });
  customer = await t.signUp({ role: 'user' });
  owner = await t.signUp({ role: 'business_owner' });
}, 60_000);

afterAll(async () => {
  await t.close();
});

const BOUNDARY = 'gripcsvboundary';

/** Posts `content` as the multipart file field, the way the browser's FormData does. */
function upload(cookie: string | undefined, fileName: string, content: string | Buffer) {
  return t.inject({
    method: 'POST',
    url: BULK_UPLOAD_PATH,
    cookie,
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
}

const HEADER = BULK_BUSINESS_COLUMNS.join(',');

/** A row with the given cells (by column name), others blank; cells are written as given (pre-quoted). */
function row(cells: Partial<Record<(typeof BULK_BUSINESS_COLUMNS)[number], string>>): string {
  return BULK_BUSINESS_COLUMNS.map((c) => cells[c] ?? '').join(',');
}

async function accountsFor(emails: string[]) {
  return t.db
    .select({
      id: users.id,
      email: users.email,
      role: profiles.role,
      businessName: profiles.businessName,
      displayName: profiles.displayName,
      phone: profiles.phone,
      address: profiles.address,
      latitude: profiles.latitude,
      description: profiles.description,
      serviceCategories: profiles.serviceCategories,
      serviceAreaKm: profiles.serviceAreaKm,
      notificationPreferences: profiles.notificationPreferences,
      notificationEmail: profiles.notificationEmail,
    })
    .from(users)
    .innerJoin(profiles, sql`${profiles.userId} = ${users.id}`)
    .where(inArray(users.email, emails));
}

describe('POST /api/admin/businesses/bulk', () => {
  it('is for administrators only', async () => {
    const csv = `${HEADER}\n${row({ email: 'x@example.com', password: 'a-long-passw0rd', business_name: 'X', service_categories: 'Plumbing' })}\n`;
    expect((await upload(undefined, 'a.csv', csv)).statusCode).toBe(401);
    const asCustomer = await upload(customer.cookie, 'a.csv', csv);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().message).toBe(BULK_UPLOAD_MESSAGES.administratorsOnly);
    expect((await upload(owner.cookie, 'a.csv', csv)).statusCode).toBe(403);
    expect(await accountsFor(['x@example.com'])).toEqual([]);
  });

  it('refuses a file whose name does not end in .csv, whatever the case of the extension', async () => {
    const csv = `${HEADER}\n${row({ email: 'txt@example.com', password: 'a-long-passw0rd', business_name: 'T', service_categories: 'Plumbing' })}\n`;
    const res = await upload(admin.cookie, 'businesses.txt', csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please upload a CSV file.');
    expect((await upload(admin.cookie, 'businesses.csv.txt', csv)).statusCode).toBe(400);
    expect(await accountsFor(['txt@example.com'])).toEqual([]);

    const upper = await upload(admin.cookie, 'BUSINESSES.CSV', csv);
    expect(upper.statusCode, upper.body).toBe(200);
    expect(upper.json()).toEqual({ created: 1, failed: [], skipped: 0 });
  });

  it('answers No valid businesses found for a file with only a header, comments and blanks', async () => {
    const res = await upload(admin.cookie, 'empty.csv', `${HEADER}\n# nothing yet\n\n   \n`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'No valid businesses found', failed: [], skipped: 3 });
    expect((await upload(admin.cookie, 'empty.csv', '')).json().message).toBe('No valid businesses found');
  });

  it('answers No valid businesses found with the reasons when every row is dropped', async () => {
    const csv = [HEADER, row({ email: 'dropped@example.com', password: 'a-long-passw0rd' }), ''].join('\n');
    const res = await upload(admin.cookie, 'dropped.csv', csv);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: BULK_UPLOAD_MESSAGES.noValidBusinesses,
      failed: [
        {
          line: 2,
          email: 'dropped@example.com',
          error: bulkMissingColumnsMessage(['business_name', 'service_categories']),
        },
      ],
    });
  });

  it('creates exactly the valid rows of a file full of edge cases and reports the others by line', async () => {
    const password = 'Tr1cky, "quoted" passphrase';
    const lines = [
      HEADER, // 1
      '# comment line, with a comma', // 2
      '', // 3
      // 4: quoted fields with commas and quotes; defaults for area, preferences, notification email.
      row({
        email: 'Alpha@Example.com',
        password: `"${password.replace(/"/g, '""')}"`,
        business_name: '"Smith, Jones & ""Sons"""',
        phone: '02 9000 1111',
        address: 'Surry Hills NSW 2010',
        service_categories: 'Plumbing; Handyman ;;Plumbing',
      }),
      row({ email: 'nobiz@example.com', password: 'a-long-passw0rd', service_categories: 'Plumbing' }), // 5
      row({ email: 'nocat@example.com', password: 'a-long-passw0rd', business_name: 'No Cat' }), // 6
      row({
        email: 'not-an-email',
        password: 'a-long-passw0rd',
        business_name: 'Bad',
        service_categories: 'Plumbing',
      }), // 7
      row({
        email: 'short@example.com',
        password: 'abc',
        business_name: 'Short',
        service_categories: 'Plumbing',
      }), // 8
      // 9-10: a description over two lines; an exported phone with the formula guard; every column set.
      row({
        email: 'bravo@example.com',
        password: 'bravo-passw0rd',
        business_name: 'Bravo Electrical',
        display_name: 'Bree Bravo',
        phone: "'+61 400 000 000",
        website: 'https://bravo.example.com',
        description: '"Line one, with a comma\nline two #2"',
        service_categories: 'Electrical',
        service_area_km: '10',
        notification_preferences: 'Email; SMS',
        notification_email: 'jobs@bravo.example.com',
      }),
      row({
        email: 'ALPHA@example.com',
        password: 'another-passw0rd',
        business_name: 'Dup',
        service_categories: 'Cleaning',
      }), // 11
      row({
        email: owner.email,
        password: 'another-passw0rd',
        business_name: 'Taken',
        service_categories: 'Cleaning',
      }), // 12
      '   ', // 13
      'short-row@example.com,a-long-passw0rd', // 14
      '# trailing comment', // 15
      row({
        email: 'charlie@example.com',
        password: 'charlie-passw0rd',
        business_name: 'Unit #4 Cleaning',
        service_categories: 'Cleaning',
        description: 'Unit #4',
      }), // 16
      row({
        email: 'nowhere@example.com',
        password: 'a-long-passw0rd',
        business_name: 'Lost',
        address: 'Qwzxv Nowhereville',
        service_categories: 'Cleaning',
      }), // 17
      row({
        email: 'area@example.com',
        password: 'a-long-passw0rd',
        business_name: 'Area',
        service_categories: 'Cleaning',
        service_area_km: '12.5',
      }), // 18
      row({
        email: 'pref@example.com',
        password: 'a-long-passw0rd',
        business_name: 'Pref',
        service_categories: 'Cleaning',
        notification_preferences: 'email;pigeon',
      }), // 19
      row({
        email: 'common@example.com',
        password: 'password123',
        business_name: 'Common',
        service_categories: 'Cleaning',
      }), // 20
      '',
    ];
    const csv = Buffer.from(`\uFEFF${lines.join('\r\n')}`, 'utf8');
    const res = await upload(admin.cookie, 'Edge Cases.csv', csv);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as BulkUploadResult;
    expect(result.created).toBe(3);
    // Lines 2 and 15 are comments; 3 and 13 are blank.
    expect(result.skipped).toBe(4);
    expect(result.failed).toEqual([
      { line: 5, email: 'nobiz@example.com', error: bulkMissingColumnsMessage(['business_name']) },
      { line: 6, email: 'nocat@example.com', error: bulkMissingColumnsMessage(['service_categories']) },
      { line: 7, email: 'not-an-email', error: AUTH_MESSAGES.emailInvalid },
      { line: 8, email: 'short@example.com', error: AUTH_MESSAGES.passwordTooShort },
      { line: 11, email: 'ALPHA@example.com', error: bulkDuplicateEmailMessage(4) },
      { line: 12, email: owner.email, error: BULK_UPLOAD_MESSAGES.alreadyRegistered },
      {
        line: 14,
        email: 'short-row@example.com',
        error: bulkMissingColumnsMessage(['business_name', 'service_categories']),
      },
      { line: 17, email: 'nowhere@example.com', error: BUSINESS_PROFILE_MESSAGES.addressNotFound },
      { line: 18, email: 'area@example.com', error: BULK_UPLOAD_MESSAGES.serviceAreaInvalid },
      { line: 19, email: 'pref@example.com', error: expect.stringContaining('"pigeon"') },
      { line: 20, email: 'common@example.com', error: AUTH_MESSAGES.passwordTooCommon },
    ]);

    const created = await accountsFor([
      'alpha@example.com',
      'bravo@example.com',
      'charlie@example.com',
      'nowhere@example.com',
      'nobiz@example.com',
      'area@example.com',
    ]);
    expect(created.map((a) => a.email).sort()).toEqual([
      'alpha@example.com',
      'bravo@example.com',
      'charlie@example.com',
    ]);
    const alpha = created.find((a) => a.email === 'alpha@example.com')!;
    expect(alpha).toMatchObject({
      role: 'business_owner',
      businessName: 'Smith, Jones & "Sons"',
      displayName: 'Smith, Jones & "Sons"',
      phone: '02 9000 1111',
      address: 'Surry Hills NSW 2010',
      serviceCategories: ['Plumbing', 'Handyman'],
      serviceAreaKm: 25,
      notificationPreferences: ['email'],
      notificationEmail: 'alpha@example.com',
    });
    // Geocoded like a registration, so matching by distance works for it.
    expect(alpha.latitude).not.toBeNull();
    const bravo = created.find((a) => a.email === 'bravo@example.com')!;
    expect(bravo).toMatchObject({
      displayName: 'Bree Bravo',
      phone: '+61 400 000 000',
      description: 'Line one, with a comma\nline two #2',
      serviceCategories: ['Electrical'],
      serviceAreaKm: 10,
      notificationPreferences: ['email', 'sms'],
      notificationEmail: 'jobs@bravo.example.com',
      address: null,
    });

    // The upload signs nobody in; the owner of an existing email keeps their account as it was.
    const leftSessions = await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        inArray(
          sessions.userId,
          created.map((a) => a.id),
        ),
      );
    expect(leftSessions).toEqual([]);
    const [taken] = await accountsFor([owner.email]);
    expect(taken?.businessName).toBe('Test Business');

    // The password was hashed by the auth library and works for signing in, quotes, comma and all.
    const signIn = await t.signIn('alpha@example.com', password);
    expect(signIn.res.statusCode, signIn.res.body).toBe(200);
    const me = await t.inject({ url: '/api/business-profile', cookie: signIn.cookie });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({
      role: 'business_owner',
      businessName: 'Smith, Jones & "Sons"',
      serviceCategories: ['Plumbing', 'Handyman'],
      serviceAreaKm: 25,
      notificationPreferences: ['email'],
    });
    expect((await t.signIn('alpha@example.com', 'another-passw0rd')).res.statusCode).toBe(401);
    // Uploading the same file again creates nothing and reports every valid row as registered.
    const again = await upload(admin.cookie, 'Edge Cases.csv', csv);
    expect(again.json().created).toBe(0);
    expect(again.json().failed).toContainEqual({
      line: 4,
      email: 'alpha@example.com',
      error: BULK_UPLOAD_MESSAGES.alreadyRegistered,
    });
  }, 60_000);

  it('reads the sample file as-is and an export-style header by column name', async () => {
    const sample = await upload(admin.cookie, 'business-upload-sample.csv', BULK_UPLOAD_SAMPLE_CSV);
    expect(sample.statusCode, sample.body).toBe(200);
    expect(sample.json()).toEqual({ created: 2, failed: [], skipped: 1 });

    const reordered = [
      'business_name,service_categories,email,password',
      '"Reordered, Inc",Tiling,reordered@example.com,a-long-passw0rd',
    ].join('\n');
    const res = await upload(admin.cookie, 'reordered.csv', reordered);
    expect(res.json()).toEqual({ created: 1, failed: [], skipped: 0 });
    const [account] = await accountsFor(['reordered@example.com']);
    expect(account).toMatchObject({ businessName: 'Reordered, Inc', serviceCategories: ['Tiling'] });
  });

  it('refuses a malformed file, a file over 2 MB and a multipart body without a file', async () => {
    const broken = await upload(admin.cookie, 'broken.csv', `${HEADER}\na@example.com,"unterminated\n`);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toContain(BULK_UPLOAD_MESSAGES.uploadFailed);

    const big = await upload(admin.cookie, 'big.csv', `${HEADER}\n${'#'.repeat(2 * 1024 * 1024)}\n`);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(BULK_UPLOAD_MESSAGES.tooLarge);

    const json = await t.inject({ method: 'POST', url: BULK_UPLOAD_PATH, cookie: admin.cookie, payload: {} });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(BULK_UPLOAD_MESSAGES.noFile);
  });

  it('creates 1,000 businesses from a file of 1,000 valid rows', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) =>
      row({
        email: `bulk${i}@load.example.com`,
        password: `load-passw0rd-${i}`,
        business_name: `"Load Test ${i}, Pty Ltd"`,
        address: i % 2 === 0 ? 'Newtown NSW 2042' : '',
        service_categories: 'Cleaning;Gardening',
      }),
    );
    const started = performance.now();
    const res = await upload(admin.cookie, 'thousand.csv', [HEADER, ...rows, ''].join('\n'));
    const seconds = (performance.now() - started) / 1000;
    console.info(`bulk upload of 1,000 rows took ${seconds.toFixed(1)} s`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 1000, failed: [], skipped: 0 });
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`${users.email} like '%@load.example.com'`);
    expect(count?.n).toBe(1000);
  }, 180_000);
});
