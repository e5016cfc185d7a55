import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { registerAssetRoutes } from './access.ts';

/**
 * The OpenAPI document, generated from the routes' zod schemas (the access suite reads it too),
 * and, when `isServed` (OPENAPI_DOCS; off in production by default), its page at /api/docs.
 */
export const openApiPlugin = fp<{ isServed: boolean }>(async (app, { isServed }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Ensaya API',
        description:
          'Exam preparation for the PAES and the class B licence exam. Mutating requests need the ' +
          'X-XSRF-TOKEN header (value of the XSRF-TOKEN cookie from GET /api/csrf-cookie). ' +
          'Messages follow X-Localization, then Accept-Language (es, en).',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'ensaya_session' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  if (isServed)
    await registerAssetRoutes(app, (scope) =>
      scope.register(swaggerUi, { routePrefix: '/api/docs' }),
    );
});
