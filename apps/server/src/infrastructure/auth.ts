import { createAuth } from '../auth/auth';
import { hasPassword } from '../modules/me/credentials.repository';
import { administratorExists, isSuspended } from '../modules/profiles/profiles.repository';
import { createProfileForNewUser } from '../modules/profiles/profiles.service';
import { appPlugin } from './grip';

/** Better Auth, given what it asks of the accounts' profiles (auth sits below the modules). */
export const authentication = appPlugin('auth', async (app) => {
  const { config, database } = app.grip;
  app.grip.auth = createAuth({
    db: database.db,
    config,
    log: app.log,
    accounts: { administratorExists, isSuspended, hasPassword, createProfileForNewUser },
  });
});
