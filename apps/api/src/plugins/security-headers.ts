import fp from 'fastify-plugin';

/** Conservative browser security headers on every response. */
export const securityHeadersPlugin = fp(async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
  });
});
