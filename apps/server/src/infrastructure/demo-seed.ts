import { isEmpty } from '../db/seed';
import type { AddressLookup } from '../modules/requests/requests.service';
import { demoPassword, existingDemoLogins, seedDemo } from './demo-data';
import { appPlugin } from './grip';

/**
 * The demo marketplace (demo-data.ts): seeded into an empty database when DEMO_DATA asks (by default
 * the embedded one, outside tests); its logins are read again on every later start, for server.ts.
 */
export const demoSeed = appPlugin<{ geocoder: AddressLookup }>('demo seed', async (app, { geocoder }) => {
  const { config, database, auth } = app.grip;
  const wantsDemo =
    config.demoData === 'on' ||
    (config.demoData === 'auto' && database.kind === 'pglite' && config.env !== 'test');
  if (wantsDemo && (await isEmpty(database.db))) {
    app.grip.demoLogins = await seedDemo(database.db, auth, new Date(), demoPassword(config), geocoder);
  } else if (config.env !== 'test') {
    app.grip.demoLogins = await existingDemoLogins(database.db, () => demoPassword(config));
  }
});
