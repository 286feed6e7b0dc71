import { PublicConfigSchema, ServiceCategorySchema, type PublicConfig } from '@grip/domain';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { serviceCategories } from '../../db/schema';

/** Public reference data: the service catalogue and what the client needs to know of the config. */
export async function catalogueRoutes(app: FastifyInstance, opts: { db: Db; config: Config }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/service-categories',
    { schema: { tags: ['catalogue'], response: { 200: z.array(ServiceCategorySchema) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return opts.db
        .select({ categoryName: serviceCategories.categoryName, serviceName: serviceCategories.serviceName })
        .from(serviceCategories)
        .orderBy(asc(serviceCategories.categoryName), asc(serviceCategories.serviceName));
    },
  );
  typed.get(
    '/api/config',
    {
      schema: {
        tags: ['catalogue'],
        response: { 200: PublicConfigSchema },
      },
    },
    async (): Promise<PublicConfig> => ({
      productName: 'Grip',
      googleEnabled: Boolean(opts.config.google),
      mapStyleUrl: opts.config.mapStyleUrl ?? null,
      locale: opts.config.formats.locale,
      currency: opts.config.formats.currency,
    }),
  );
}
