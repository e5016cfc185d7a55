// The code map's rules, checked by `npm run lint` (dependency-cruiser). docs/architecture.md
// describes the areas; this file is what makes that description true.
//
// - An area imports another only through its public face (`areas/<area>/index.ts`), and only an
//   area listed before it in AREAS: the areas form layers, so they cannot form a cycle.
// - Nothing outside the areas (app.ts, server.ts, the seed, plugins) reaches into an area's
//   internals either; `lib/` and `db/` import no area at all.
// - No file imports itself back through others (no cycles).
// - Only repositories (`repo.ts`, `*-repo.ts`) touch the database: its client, its schema and
//   Drizzle. Files that still do are listed in .dependency-cruiser-known-violations.json and may
//   only leave that list; a new one fails lint.
// - The web app is grouped by the same product areas (`features/<area>/<feature>/`), with the same
//   rules: an area imports another only through its public face (`features/<area>/index.ts`) and
//   only one listed before it in WEB_AREAS; inside an area, its features share freely. Pages that
//   compose several areas live in `app/`, shared pieces in `components/`, `lib/` or `engine-kit/`
//   (the test engine's screens and calls), and shared code imports no feature.
// Tests and test helpers (`*.test.ts(x)`, `test/` folders) may import what they test.

/** The API's product areas, from the bottom layer up: each may import only the ones before it. */
const AREAS = [
  'platform',
  'accounts',
  'sales',
  'content',
  'learning',
  'insights',
  'engine',
  'backoffice',
  'operations',
];

/**
 * The web app's areas, from the bottom layer up: the API's, where the web has screens for them
 * (content is edited only in the back office), and `site` (the FAQ, support, the cookie consent).
 */
const WEB_AREAS = ['site', 'accounts', 'sales', 'learning', 'insights', 'engine', 'backoffice'];

const API = '^apps/api/src/';
const WEB = '^apps/web/src/';
const TEST_FILES = ['\\.test\\.tsx?$', '/test/'];

const layerRules = AREAS.map((area, index) => {
  const above = AREAS.slice(index + 1);
  return {
    name: `area-layers-${area}`,
    comment: `${area} may import only the areas before it: ${AREAS.slice(0, index).join(', ') || 'none'}`,
    severity: 'error',
    from: { path: `${API}areas/${area}/`, pathNot: TEST_FILES },
    to: { path: above.length ? `${API}areas/(${above.join('|')})/` : '^$' },
  };
}).filter((rule) => rule.to.path !== '^$');

const webLayerRules = WEB_AREAS.map((area, index) => {
  const above = WEB_AREAS.slice(index + 1);
  return {
    name: `web-area-layers-${area}`,
    comment: `The web's ${area} may import only the areas before it: ${WEB_AREAS.slice(0, index).join(', ') || 'none'}`,
    severity: 'error',
    from: { path: `${WEB}features/${area}/`, pathNot: TEST_FILES },
    to: { path: above.length ? `${WEB}features/(${above.join('|')})/` : '^$' },
  };
}).filter((rule) => rule.to.path !== '^$');

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'A file must not import itself back through others.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'area-public-face',
      comment:
        "Another area is reached only through its public face, areas/<area>/index.ts; an area's own files import each other directly.",
      severity: 'error',
      from: { path: `${API}areas/([^/]+)/`, pathNot: TEST_FILES },
      to: {
        path: `${API}areas/[^/]+/.+`,
        pathNot: [`${API}areas/$1/`, `${API}areas/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'composers-use-public-faces',
      comment:
        'The app, the server, the seed and the plugins reach an area only through its public face.',
      severity: 'error',
      from: { path: API, pathNot: [`${API}areas/`, ...TEST_FILES] },
      to: { path: `${API}areas/[^/]+/.+`, pathNot: `${API}areas/[^/]+/index\\.ts$` },
    },
    {
      name: 'own-face-not-from-inside',
      comment: "An area's files do not import the area's own public face (it would be a cycle).",
      severity: 'error',
      from: { path: `${API}areas/([^/]+)/`, pathNot: TEST_FILES },
      to: { path: `${API}areas/$1/index\\.ts$` },
    },
    {
      name: 'shared-below-areas',
      comment:
        'lib/ and db/ are shared by every area and import none (types excepted: ModuleOptions names the services the app builds).',
      severity: 'error',
      from: { path: `${API}(lib|db)/` },
      to: { path: `${API}areas/`, dependencyTypesNot: ['type-only'] },
    },
    ...layerRules,
    {
      name: 'only-repositories-touch-the-database',
      comment:
        'Queries live in repositories (repo.ts, *-repo.ts); services call them. Types (DbOrTx) may pass through.',
      severity: 'error',
      from: {
        path: `${API}areas/`,
        pathNot: ['(^|/)repo\\.ts$', '-repo\\.ts$', ...TEST_FILES],
      },
      to: {
        path: ['^node_modules/drizzle-orm/', `${API}db/(client|schema/)`],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'web-known-areas',
      comment: `A web feature lives in one of the areas, features/<area>/<feature>/: ${WEB_AREAS.join(', ')}.`,
      severity: 'error',
      from: { path: `${WEB}features/`, pathNot: `${WEB}features/(${WEB_AREAS.join('|')})/` },
      to: {},
    },
    {
      name: 'web-area-public-face',
      comment:
        "Another web area is reached only through its public face, features/<area>/index.ts; an area's own features import each other directly.",
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/`, pathNot: TEST_FILES },
      to: {
        path: `${WEB}features/[^/]+/.+`,
        pathNot: [`${WEB}features/$1/`, `${WEB}features/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'web-own-face-not-from-inside',
      comment: "A web area's files do not import the area's own public face (it would be a cycle).",
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/`, pathNot: TEST_FILES },
      to: { path: `${WEB}features/$1/index\\.ts$` },
    },
    ...webLayerRules,
    {
      name: 'web-shared-below-features',
      comment: 'Shared web code (components, lib, the engine kit) imports no feature.',
      severity: 'error',
      from: { path: `${WEB}(components|lib|engine-kit)/`, pathNot: TEST_FILES },
      to: { path: `${WEB}features/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
