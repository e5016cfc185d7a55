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
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@db/ensaya',
      cookieSecure: true,
      seedDemo: false,
      appUrl: 'https://ensaya.cl',
    });
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
