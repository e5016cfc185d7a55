import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { ConfigError, loadConfig, ROOT_DIR } from './config.ts';

describe('loadConfig', () => {
  it('runs with no configuration at all: port 3000, PGlite in ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.join(ROOT_DIR, 'data'));
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.cookieSecure).toBe(false);
    expect(config.seedDemo).toBe(true);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db/ensaya',
      NODE_ENV: 'production',
      APP_URL: 'https://ensaya.cl/',
      PAYMENT_GATEWAY: 'sandbox',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@db/ensaya',
      cookieSecure: true,
      seedDemo: false,
      appUrl: 'https://ensaya.cl',
    });
  });

  it('refuses production without a chosen gateway, a public address or real Transbank keys', () => {
    const production = { NODE_ENV: 'production', APP_URL: 'https://ensaya.cl' };
    expect(() => loadConfig(production)).toThrow(/PAYMENT_GATEWAY/);
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox' })).toThrow(
      /APP_URL/,
    );
    expect(() => loadConfig({ ...production, PAYMENT_GATEWAY: 'transbank_oneclick' })).toThrow(
      /TRANSBANK_API_KEY/,
    );
    const transbank = loadConfig({
      ...production,
      PAYMENT_GATEWAY: 'transbank_oneclick',
      TRANSBANK_BASE_URL: 'https://webpay3g.transbank.cl',
      TRANSBANK_COMMERCE_CODE: '1',
      TRANSBANK_CHILD_COMMERCE_CODE: '2',
      TRANSBANK_API_KEY: 'k',
    });
    expect(transbank).toMatchObject({ paymentGateway: 'transbank_oneclick', devClock: false });
    expect(transbank.openApiDocs).toBe(false);
    expect(
      loadConfig({ ...production, PAYMENT_GATEWAY: 'sandbox', OPENAPI_DOCS: 'true' }).openApiDocs,
    ).toBe(true);
    // Outside production the defaults stay: the sandbox, the dev clock and the docs.
    expect(loadConfig({})).toMatchObject({
      paymentGateway: 'sandbox',
      devClock: true,
      openApiDocs: true,
    });
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
