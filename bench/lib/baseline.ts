// The same run's ceilings: what a bare Fastify answers and how fast PostgreSQL answers a primary-key
// select on one connection. Every Grip figure is reported as a ratio to these, so a busy machine
// moves both sides of the ratio together.
import pg from 'pg';
import { measure, median, type LoadFigures } from './load';
import { startHelloWorld } from './processes';

export async function helloWorld(port: number, durationSec: number, runs: number): Promise<LoadFigures> {
  const server = await startHelloWorld(port);
  try {
    return await measure({ url: server.url, durationSec, runs, connections: 50 });
  } finally {
    await server.stop();
  }
}

/** Primary-key selects per second, one after another on one connection (median of `runs`). */
export async function pgSelectLoop(databaseUrl: string, durationSec: number, runs: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('create temp table bench_kv (id int primary key, v text)');
    await client.query(`insert into bench_kv select i, md5(i::text) from generate_series(1, 10000) i`);
    const perSecond: number[] = [];
    for (let run = 0; run < runs; run++) {
      let n = 0;
      const until = performance.now() + durationSec * 1000;
      while (performance.now() < until) {
        await client.query({
          name: 'pk',
          text: 'select v from bench_kv where id = $1',
          values: [1 + (n % 10000)],
        });
        n++;
      }
      perSecond.push(n / durationSec);
    }
    return { queriesPerSec: median(perSecond), runs: perSecond };
  } finally {
    await client.end();
  }
}
