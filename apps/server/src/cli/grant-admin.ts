/**
 * Makes an existing account an administrator: `npm run admin:grant -- someone@example.com`.
 * Whoever can run this already controls the server, so it needs no other permission. On the
 * embedded database, stop the server first (one process owns the data directory).
 */
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { users } from '../db/schema';
import { getOrCreateProfile } from '../modules/profiles/profiles.service';
import { setRole } from '../modules/profiles/profiles.repository';

const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error('Usage: npm run admin:grant -- <email of an existing account>');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  const [user] = await database.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) {
    console.error(`No account with the email ${email}. Sign up first, then run this again.`);
    process.exitCode = 1;
  } else {
    await getOrCreateProfile(database.db, user.id, user.name);
    await setRole(database.db, user.id, 'administrator');
    console.log(`${email} is now an administrator.`);
  }
} finally {
  await database.close();
}
