import fp from 'fastify-plugin';
import { pickLanguage, type Language } from '@ensaya/core/i18n/language';
import { translate, type MessageKey } from '@ensaya/core/i18n/messages';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's language: `X-Localization`, then `Accept-Language`, then Spanish. */
    language: Language;
    t(key: MessageKey, params?: Record<string, string | number>): string;
  }
}

export const i18nPlugin = fp(async (app) => {
  app.decorateRequest('language', 'es');
  app.decorateRequest(
    't',
    function (
      this: { language: Language },
      key: MessageKey,
      params?: Record<string, string | number>,
    ) {
      return translate(this.language, key, params);
    },
  );
  app.addHook('onRequest', async (request, reply) => {
    const localization = request.headers['x-localization'];
    request.language = pickLanguage(
      Array.isArray(localization) ? localization[0] : localization,
      request.headers['accept-language'],
    );
    reply.header('content-language', request.language);
  });
});
