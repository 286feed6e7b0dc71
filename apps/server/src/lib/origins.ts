import type { Config } from '../config';

/**
 * The origins the browser may call the API from: the public URL (also as 127.0.0.1 when it is
 * localhost, the same machine to a newcomer) and, outside production, the Vite dev server.
 */
export function allowedOrigins(config: Config): string[] {
  const origins = [config.publicUrl];
  const url = new URL(config.publicUrl);
  if (url.hostname === 'localhost')
    origins.push(`${url.protocol}//127.0.0.1${url.port ? `:${url.port}` : ''}`);
  if (!config.isProduction) origins.push('http://localhost:5173', 'http://127.0.0.1:5173');
  return origins;
}
