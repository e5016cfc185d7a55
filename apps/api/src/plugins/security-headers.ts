import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/**
 * The Content-Security-Policy of every response: the web app, the pages the server renders
 * (sandbox card page, Transbank redirect, dev mailbox, /api/docs) and the API's JSON alike.
 * - Scripts only from our own files: no inline script, no eval.
 * - Styles: 'unsafe-inline' because Ant Design's CSS-in-JS injects `<style>` elements at run time
 *   (in production builds only its theme's CSS variables: component styles are static files, see
 *   apps/web/build/antd-styles.ts), React and Ant Design set `style` attributes, and KaTeX's server-rendered HTML positions its boxes with `style` attributes; a nonce cannot
 *   cover either (index.html is a static file, and nonces do not apply to style attributes).
 *   Style injection cannot run script, and question HTML is sanitized on the server.
 * - Images: ours, data:/blob: (the avatar preview, Ant Design's and ECharts' generated images)
 *   and https: (question figures are absolute https URLs, areas/content/bank/render-rich-text.ts).
 * - Forms may post to us, to the public address (the gateways' returns) and to Transbank's
 *   Webpay pages (the card enrollment posts its token there).
 */
export function contentSecurityPolicy(config: Pick<Config, 'appUrl' | 'transbank'>): string {
  const formTargets = new Set([
    "'self'",
    originOf(config.appUrl),
    originOf(config.transbank.baseUrl),
  ]);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${[...formTargets].join(' ')}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

function originOf(url: string) {
  return new URL(url).origin;
}

/** Powerful browser features the app never uses, off for every page. */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Every security header, computed once from the configuration. */
export function securityHeaders(
  config: Pick<Config, 'env' | 'appUrl' | 'transbank'>,
): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(config),
    'permissions-policy': PERMISSIONS_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    // Only production is served over HTTPS; HSTS on a developer's http://localhost would stick.
    ...(config.env === 'production'
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
  };
}

/** The security headers on every response, errors and static files included. */
export const securityHeadersPlugin = fp<{ headers: Record<string, string> }>(
  async (app, { headers }) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.headers(headers);
    });
  },
);
