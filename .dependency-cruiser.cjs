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
// - Web features import no other feature: pages that compose several live in `app/`, and shared
//   pieces in `components/`, `lib/` or `engine-kit/` (the test engine's screens and calls: the
//   player, the question, the result, the attempt's reads and writes). Shared code imports no
//   feature.
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

const API = '^apps/api/src/';
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
      name: 'web-features-stand-alone',
      comment:
        'A web feature imports no other feature; pages that compose several live in app/, shared pieces in components/, lib/ or engine-kit/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: TEST_FILES },
      to: { path: '^apps/web/src/features/[^/]+/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-below-features',
      comment: 'Shared web code (components, lib, the engine kit) imports no feature.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib|engine-kit)/', pathNot: TEST_FILES },
      to: { path: '^apps/web/src/features/' },
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
