import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the routes' zod schemas, served at /api/docs. */
export const openApiPlugin = fp(async (app) => {
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
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
