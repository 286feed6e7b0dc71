import { ServiceRequestInputSchema, type ServiceRequestInput } from '@grip/domain';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { Auth } from '../auth/auth';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { businessResponses, notifications, outbox, profiles, users } from '../db/schema';
import { type AddressLookup, createRequest } from '../modules/requests/requests.service';

/**
 * The demo accounts share one password, made up per installation and kept in DATA_DIR (only the
 * console shows it): a published password would hand anyone who can reach the site an
 * administrator account.
 */
export function demoPassword(config: Config): string {
  const file = config.dataDir === 'memory://' ? null : path.join(config.dataDir, 'demo-password');
  if (file && fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = `grip-${crypto.randomBytes(6).toString('base64url')}`;
  if (file) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, password, { mode: 0o600 });
  }
  return password;
}

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
}

const ACCOUNTS = [
  { role: 'user', email: 'customer@demo.grip', name: 'Casey Customer' },
  {
    role: 'business_owner',
    email: 'plumber@demo.grip',
    name: 'Pat Nguyen',
    businessName: 'Harbour Plumbing Co.',
  },
  { role: 'business_owner', email: 'cleaner@demo.grip', name: 'Sam Reid', businessName: 'Sparkle Cleaning' },
  { role: 'administrator', email: 'admin@demo.grip', name: 'Alex Admin' },
] as const;

/**
 * A small, believable marketplace for a first look: a customer with three requests, two businesses
 * (one has quoted), and an administrator. Accounts go through the auth library like real sign-ups.
 */
export async function seedDemo(
  db: Db,
  auth: Auth,
  now: Date,
  password: string,
  geocoder: AddressLookup | null = null,
): Promise<DemoLogin[]> {
  const ids: Record<string, string> = {};
  for (const account of ACCOUNTS) {
    // role and businessName are extra sign-up fields read by the auth hooks (see auth/auth.ts).
    const body = {
      email: account.email,
      password,
      name: account.name,
      role: account.role,
      businessName: 'businessName' in account ? account.businessName : undefined,
    };
    const result = await auth.api.signUpEmail({ body });
    ids[account.email] = result.user.id;
  }
  // Demo addresses are not real: mark them confirmed (their queued emails are dropped below).
  await db
    .update(users)
    .set({ emailVerified: true })
    .where(inArray(users.id, Object.values(ids)));

  const plumber = ids['plumber@demo.grip']!;
  const cleaner = ids['cleaner@demo.grip']!;
  const customer = ids['customer@demo.grip']!;
  await db
    .update(profiles)
    .set({
      serviceCategories: ['Plumbing', 'Handyman'],
      notificationEmail: 'plumber@demo.grip',
      phone: '+61 2 9000 1234',
      address: 'Surry Hills NSW 2010',
      areaLabel: 'Surry Hills NSW',
      latitude: -33.8847,
      longitude: 151.2113,
      serviceAreaKm: 25,
      description: 'Licensed plumbers for leaks, blocked drains and hot water, 7 days.',
    })
    .where(eq(profiles.userId, plumber));
  await db
    .update(profiles)
    .set({
      serviceCategories: ['Cleaning', 'End of Lease Cleaning', 'Window Cleaning'],
      notificationEmail: 'cleaner@demo.grip',
      phone: '+61 2 9000 5678',
      address: 'Newtown NSW 2042',
      areaLabel: 'Newtown NSW',
      latitude: -33.8981,
      longitude: 151.1787,
      serviceAreaKm: 25,
      description: 'Friendly, insured home cleaning with eco products.',
    })
    .where(eq(profiles.userId, cleaner));

  const post = (input: ServiceRequestInput) =>
    createRequest(
      { db, geocoder, publicUrl: '' },
      { userId: customer, role: 'user' },
      ServiceRequestInputSchema.parse(input),
      now,
    );
  const tap = await post({
    serviceType: 'Home & Property Services',
    serviceSubtype: 'Plumbing',
    description: 'The kitchen mixer tap drips constantly and the cupboard underneath is getting damp.',
    location: '12 Crown St, Surry Hills NSW 2010',
    latitude: -33.8847,
    longitude: 151.2113,
    serviceAreaKm: 10,
    budget: 180,
    timeFlexibility: 'within_4_hours',
    flexibleDates: true,
  });
  await post({
    serviceType: 'Occasional/Seasonal Services',
    serviceSubtype: 'End of Lease Cleaning',
    description: 'Two-bedroom apartment end of lease clean, including oven and windows inside.',
    location: '4/88 King St, Newtown NSW 2042',
    latitude: -33.8981,
    longitude: 151.1787,
    serviceAreaKm: 10,
    budget: 420,
    isUrgent: true,
  });
  await post({
    serviceType: 'Home & Property Services',
    serviceSubtype: 'Gardening',
    description: 'Hedge trimming and green waste removal for a small front garden.',
    location: '7 Albion St, Surry Hills NSW 2010',
    serviceAreaKm: 5,
    budget: 150,
  });
  // Nobody reads demo mailboxes: drop the confirmation and new-request emails queued for them.
  await db.delete(outbox).where(inArray(outbox.userId, Object.values(ids)));
  const [quote] = await db
    .insert(businessResponses)
    .values({
      requestId: tap.request.id,
      businessUserId: plumber,
      quotedPrice: '165.00',
      priceType: 'fixed',
      message: 'We can replace the cartridge and check the seals under the sink. Parts included.',
      estimatedDuration: '1 hour',
      termsConditions: 'Payment on completion. 12-month warranty on parts.',
    })
    .returning();
  await db.insert(notifications).values({
    userId: customer,
    type: 'new_response',
    title: 'New response to your request',
    message: `Harbour Plumbing Co. quoted $165 for ${tap.request.title}`,
    relatedId: quote?.id ?? null,
  });

  return demoLogins(password);
}

function demoLogins(password: string): DemoLogin[] {
  return ACCOUNTS.map((a) => ({ role: a.role, email: a.email, password }));
}

/** The demo logins when this database holds the demo accounts (to print them on every start). */
export async function existingDemoLogins(db: Db, password: () => string): Promise<DemoLogin[] | null> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        ACCOUNTS.map((a) => a.email),
      ),
    );
  return rows.length > 0 ? demoLogins(password()).filter((l) => rows.some((r) => r.email === l.email)) : null;
}
