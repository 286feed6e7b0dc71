import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { registerAdministratorGate } from '../modules/admin/require-administrator';
import { registerAuth } from '../plugins/auth';
import { registerCacheControl } from '../plugins/cache-control';
import { registerErrorHandling } from '../plugins/errors';
import { IDEMPOTENCY_OPENAPI_NOTE, registerIdempotency } from '../plugins/idempotency';
import { registerSecurity } from '../plugins/security';
import { appPlugin } from './grip';

/**
 * What every request passes before its route, registered before the routes so that it applies to
 * all of them: error answers, security headers and the cross-site guard, caching, the OpenAPI
 * document, sessions (and /api/auth), the administrator gate, then Idempotency-Key on POSTs.
 */
export const requestPipeline = appPlugin('request pipeline', async (app) => {
  const { config, auth, sessions, limits, database } = app.grip;
  registerErrorHandling(app);
  await registerSecurity(app, config);
  registerCacheControl(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Grip API',
        version: '0.1.0',
        description: `The API of the Grip marketplace.\n\n${IDEMPOTENCY_OPENAPI_NOTE}`,
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'grip.session_token' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await registerAuth(app, auth, config, sessions, limits);
  registerAdministratorGate(app, database.db);
  // After the session and administrator checks, before every route: POSTs may carry Idempotency-Key.
  registerIdempotency(app, database.db);
});
