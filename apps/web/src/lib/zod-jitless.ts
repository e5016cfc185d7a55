// Zod compiles object parsers with `new Function` unless told not to, and even its probe for that
// is reported as a violation of the Content-Security-Policy (script-src without 'unsafe-eval').
// Zod keeps its settings in `globalThis.__zod_globalConfig` (shared by every copy of it), so this
// sets `jitless` without bringing Zod into the login page's bundle. Imported first by main.tsx:
// a schema reads the setting when it is built. e2e/security-headers.spec.ts fails if Zod stops
// reading it.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

export {};
