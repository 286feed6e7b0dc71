import { openDatabase, type Database } from '../db/client';
import { seedReferenceData } from '../db/seed';
import { appPlugin } from './grip';

/**
 * The database: opened (or the one a test hands in, which the app then owns), migrated, and given
 * the reference data every database needs. Closed last, after everything that uses it.
 */
export const database = appPlugin<{ given?: Database }>('database', async (app, { given }) => {
  const database = given ?? (await openDatabase(app.grip.config));
  try {
    await database.migrate();
    await seedReferenceData(database.db);
  } catch (err) {
    await database.close();
    throw err;
  }
  app.grip.database = database;
  app.addHook('onClose', async () => database.close());
});
