import { prepareTemplate } from './database-template';

/** Vitest global setup: the migrated database every API test file starts from (made once). */
export default async function setup() {
  await prepareTemplate(process.env.TEST_DATABASE_URL);
}
