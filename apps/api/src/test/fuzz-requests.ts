import fc from 'fast-check';

// Requests for the fuzz suite (fuzz.test.ts), generated from the OpenAPI document the app builds
// from its zod schemas: valid-looking ones (any answer but a 500 is fine) and ones made invalid on
// purpose, each by one known mutation (the answer must be a 4xx).

/** The part of JSON Schema (OpenAPI 3.0 flavour) that the app's documents use. */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
};

export type Parameter = {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema: JsonSchema;
};

export type Operation = {
  method: string;
  /** The OpenAPI path, `/api/user-tests/{id}`. */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema; undefined when the route takes none (or takes multipart). */
  body: JsonSchema | undefined;
};

/** One request: `body` undefined sends none; `rawBody` sends exactly that text as JSON. */
export type FuzzRequest = {
  params: Record<string, string>;
  query: Record<string, string>;
  body?: unknown;
  rawBody?: string;
};

export type InvalidRequest = FuzzRequest & { mutation: string };

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
};

/** Every operation of the document, with its parameters and JSON body schema. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content['application/json']?.schema,
    })),
  );
}

const MAX_ID = 2_147_483_647;
/** `id`, `subject_id`, `stemId`: fields that name a row. */
export const isIdName = (name: string) => /(^id$|_id$|[a-z]Id$)/.test(name);
/** The items of `subject_ids`, `user_test_ids`, `stem_choice_ids`. */
const isIdListName = (name: string) => /_ids$/.test(name);

/** Ids of rows that exist (the suite's own) and small ids find rows; the rest probe the range. */
function idArbOf(knownIds: number[]): fc.Arbitrary<number> {
  return fc.oneof(
    ...(knownIds.length ? [{ weight: 6, arbitrary: fc.constantFrom(...knownIds) }] : []),
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 12 }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: MAX_ID }) },
  );
}

/** Ids of rows that exist, by resource (`subjects`, `user-tests`...), as the suite made them. */
export type KnownIds = Record<string, number[]>;

/** What generation knows beyond the schema: ids of rows that exist, for a field's name. */
type Context = { ids(name: string): fc.Arbitrary<number> };

/**
 * The resource a field names: `subject_id` and `subjectId` name `subjects`, `stem_choice_ids`
 * names `stem-choices`; a bare `id` names the path's resource (`/api/user-tests/{id}`).
 */
function resourceOf(name: string, path: string): string {
  if (name === 'id') {
    const segments = path.split('/').filter((segment) => segment && segment !== 'api');
    const at = segments.indexOf('{id}');
    return (at > 0 ? segments[at - 1] : segments.find((segment) => segment !== 'admin')) ?? '';
  }
  const base = name
    .replace(/(_ids|_id|Id)$/, '')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .replaceAll('_', '-')
    .toLowerCase();
  return `${base}s`;
}

function contextOf(path: string, knownIds: KnownIds): Context {
  const everything = [...new Set(Object.values(knownIds).flat())];
  return {
    ids(name) {
      const resource = resourceOf(name, path);
      const own = knownIds[resource] ?? knownIds[resource.replace(/-increase$/, '')] ?? [];
      return idArbOf(own.length ? own : everything);
    },
  };
}

/** Texts that have broken servers: markup, formulas, odd Unicode, lone surrogates, long words. */
const ODD_TEXTS = [
  '',
  ' ',
  'a',
  '<script>alert(1)</script>',
  '\\(\\frac{1}{0}\\)',
  '\\[\\begin{matrix}',
  "'; DROP TABLE users; --",
  '%00',
  '\u202e\u200b\ufeff',
  '\ud800',
  'x\udfffy',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀',
  'ñandú@ejemplo.cl',
  '../../etc/passwd',
  '{{7*7}}',
  '0',
  '-1',
  'true',
  'null',
];

function lowerBound(schema: JsonSchema): number | undefined {
  if (typeof schema.exclusiveMinimum === 'number') return schema.exclusiveMinimum;
  return schema.minimum;
}
function upperBound(schema: JsonSchema): number | undefined {
  if (typeof schema.exclusiveMaximum === 'number') return schema.exclusiveMaximum;
  return schema.maximum;
}
const isMinExclusive = (schema: JsonSchema) =>
  schema.exclusiveMinimum === true || typeof schema.exclusiveMinimum === 'number';
const isMaxExclusive = (schema: JsonSchema) =>
  schema.exclusiveMaximum === true || typeof schema.exclusiveMaximum === 'number';

function typesOf(schema: JsonSchema): string[] {
  return schema.type === undefined ? [] : [schema.type].flat();
}

function stringArb(schema: JsonSchema): fc.Arbitrary<string> {
  // A whole number in a query string (`page`): mostly small ones, as clients send.
  if (schema.pattern && /\[0-9\]|\\d/.test(schema.pattern)) {
    const pattern = new RegExp(schema.pattern);
    return fc
      .oneof(
        { weight: 3, arbitrary: fc.integer({ min: 0, max: 30 }).map(String) },
        { weight: 1, arbitrary: fc.stringMatching(pattern) },
      )
      .filter((text) => pattern.test(text));
  }
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 60, min + 60);
  const fits = (text: string) => text.length >= min && text.length <= (schema.maxLength ?? 1e9);
  if (schema.format === 'email') return fc.emailAddress().filter(fits);
  if (schema.format === 'date-time')
    return fc
      .date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString());
  if (schema.format === 'uri') return fc.webUrl().filter(fits);
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  const odd = ODD_TEXTS.filter(fits);
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: min, maxLength: max }) },
    { weight: 2, arbitrary: fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }) },
    { weight: 1, arbitrary: fc.string({ minLength: min, maxLength: max, unit: 'binary' }) },
    ...(odd.length ? [{ weight: 2, arbitrary: fc.constantFrom(...odd) }] : []),
  );
}

function numberArb(schema: JsonSchema, isInteger: boolean): fc.Arbitrary<number> {
  const low = lowerBound(schema);
  const high = upperBound(schema);
  if (isInteger) {
    const min =
      low === undefined ? -Number.MAX_SAFE_INTEGER : low + (isMinExclusive(schema) ? 1 : 0);
    const max =
      high === undefined ? Number.MAX_SAFE_INTEGER : high - (isMaxExclusive(schema) ? 1 : 0);
    return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  }
  return fc.double({
    min: low ?? -1e12,
    max: high ?? 1e12,
    minExcluded: isMinExclusive(schema),
    maxExcluded: isMaxExclusive(schema),
    noNaN: true,
    noDefaultInfinity: true,
  });
}

/** Values the schema accepts (as far as JSON Schema can say), biased to interesting ones. */
export function valueArb(
  schema: JsonSchema,
  name: string,
  depth: number,
  context: Context,
): fc.Arbitrary<unknown> {
  if (schema.nullable) {
    return fc.oneof(
      { weight: 5, arbitrary: valueArb({ ...schema, nullable: false }, name, depth, context) },
      { weight: 1, arbitrary: fc.constant(null) },
    );
  }
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((branch) => valueArb(branch, name, depth, context)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const types = typesOf(schema);
  if (types.length > 1)
    return fc.oneof(...types.map((type) => valueArb({ ...schema, type }, name, depth, context)));
  switch (types[0]) {
    case 'string':
      // Odd spellings of ids are the invalid requests' business.
      return isIdName(name) ? context.ids(name).map(String) : stringArb(schema);
    case 'integer':
      return isIdName(name)
        ? fc.oneof(
            { weight: 4, arbitrary: context.ids(name) },
            { weight: 1, arbitrary: numberArb(schema, true) },
          )
        : numberArb(schema, true);
    case 'number':
      return numberArb(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = schema.items ?? {};
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? 4, minLength + 4);
      const item = isIdListName(name)
        ? fc.oneof(context.ids(name), valueArb(items, '', depth + 1, context))
        : valueArb(items, '', depth + 1, context);
      return depth > 4 ? fc.constant([]) : fc.array(item, { minLength, maxLength });
    }
    case 'object':
    default:
      return objectArb(schema, depth, context);
  }
}

function objectArb(schema: JsonSchema, depth: number, context: Context): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  if (Object.keys(properties).length === 0) {
    if (typeof schema.additionalProperties === 'object' && depth <= 4) {
      return fc.dictionary(
        fc.string({ minLength: 1, maxLength: 20 }),
        valueArb(schema.additionalProperties, '', depth + 1, context),
        { maxKeys: 4, noNullPrototype: true },
      );
    }
    if (schema.type === undefined)
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean(), fc.constant(null));
    return fc.constant({});
  }
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, property]) => [
      key,
      valueArb(property, key, depth + 1, context),
    ]),
  );
  return fc.record(model, { requiredKeys: schema.required ?? [], noNullPrototype: true });
}

/** A valid-looking request for the operation; ids are drawn mostly from `knownIds`. */
export function requestArb(
  operation: Operation,
  knownIds: KnownIds = {},
): fc.Arbitrary<FuzzRequest> {
  const context = contextOf(operation.path, knownIds);
  const parameter = (where: 'path' | 'query') => {
    const list = operation.parameters.filter((p) => p.in === where);
    const model = Object.fromEntries(
      list.map((p) => [
        p.name,
        valueArb(p.schema, p.name, 0, context).map((value) => String(value)),
      ]),
    );
    return fc.record(model, {
      requiredKeys: list.filter((p) => p.required || where === 'path').map((p) => p.name),
      noNullPrototype: true,
    }) as fc.Arbitrary<Record<string, string>>;
  };
  return fc.record({
    params: parameter('path'),
    query: parameter('query'),
    ...(operation.body ? { body: valueArb(operation.body, '', 0, context) } : {}),
  });
}

// --- Invalid requests ---------------------------------------------------------------------------

/** Spellings that are not a canonical id 1..2 147 483 647. */
export const BAD_ID_TEXTS = [
  '0x10',
  '1e3',
  ' 1',
  '1 ',
  '01',
  '+1',
  '1.0',
  '-1',
  '0',
  '2147483648',
  '99999999999999999999',
  '１',
  '',
  'abc',
];
/** JSON values that are not an id, whatever the field accepts as an id. */
const BAD_BODY_IDS: unknown[] = [0, -1, 2_147_483_648, 2 ** 53, 1.5, '0x10', ' 1', '01', '1e3'];
/** Spellings of a whole number that a strict reader refuses. */
const BAD_NUMBER_TEXTS = ['0x10', '1e1', ' 1', '+1', '1.0', 'abc', '', '99999999999999999999'];

/** A place in a body: its path, its schema, its key's name, and whether it is a record's entry. */
type Location = {
  path: Array<string | number>;
  schema: JsonSchema;
  name: string;
  isRecordEntry: boolean;
};

/** Every place of `value` whose schema is known, walking objects and arrays (not unions). */
function locations(
  value: unknown,
  schema: JsonSchema,
  path: Location['path'] = [],
  name = '',
  isRecordEntry = false,
): Location[] {
  const here: Location = { path, schema, name, isRecordEntry };
  const found: Location[] = path.length ? [here] : [];
  if (schema.anyOf || schema.oneOf || value === null || typeof value !== 'object') return found;
  if (Array.isArray(value)) {
    const items = schema.items;
    if (!items) return found;
    const itemName = isIdListName(name) ? 'id' : '';
    value.forEach((item, index) =>
      found.push(...locations(item, items, [...path, index], itemName)),
    );
    return found;
  }
  for (const [key, item] of Object.entries(value)) {
    const property = schema.properties?.[key];
    const entry =
      typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
    if (property) found.push(...locations(item, property, [...path, key], key));
    else if (entry) found.push(...locations(item, entry, [...path, key], key, true));
  }
  return found;
}

function setAt(value: unknown, path: Location['path'], next: unknown, remove = false): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let target = copy;
  for (const step of path.slice(0, -1)) target = target[step] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (remove) delete target[last];
  else target[last] = next;
  return copy;
}

function getAt(value: unknown, path: Location['path']): unknown {
  return path.reduce<unknown>(
    (node, step) => (node as Record<string | number, unknown>)[step],
    value,
  );
}

/** The JSON types a schema accepts; empty when it accepts anything. */
function jsonTypes(schema: JsonSchema): Set<string> {
  const types = new Set<string>();
  const union = schema.anyOf ?? schema.oneOf;
  if (union) {
    for (const branch of union) {
      const inner = jsonTypes(branch);
      if (inner.size === 0) return new Set();
      inner.forEach((type) => types.add(type));
    }
  } else if (schema.enum) {
    for (const item of schema.enum) types.add(jsonTypeOf(item));
  } else if (schema.const !== undefined) {
    types.add(jsonTypeOf(schema.const));
  } else {
    typesOf(schema).forEach((type) => types.add(type));
    if (types.size === 0 && schema.properties) types.add('object');
  }
  if (schema.nullable && types.size) types.add('null');
  if (types.has('number')) types.add('integer');
  return types;
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

const WRONG_TYPE_VALUES: unknown[] = ['fuzz', 12, 7.25, true, null, { fuzz: 1 }, [1]];

/** Values of a JSON type the schema does not accept. */
function wrongTypeValues(schema: JsonSchema): unknown[] {
  const allowed = jsonTypes(schema);
  if (allowed.size === 0) return [];
  return WRONG_TYPE_VALUES.filter((value) => {
    const type = jsonTypeOf(value);
    return !allowed.has(type) && !(type === 'integer' && allowed.has('number'));
  });
}

/** Numbers just outside the schema's bounds, and a fraction where a whole number is due. */
function outOfRangeValues(schema: JsonSchema): unknown[] {
  const types = typesOf(schema);
  if (!types.includes('integer') && !types.includes('number')) return [];
  const values: unknown[] = [];
  const low = lowerBound(schema);
  const high = upperBound(schema);
  if (low !== undefined) values.push(isMinExclusive(schema) ? low : low - 1);
  if (high !== undefined) values.push(isMaxExclusive(schema) ? high : high + 1);
  if (types.includes('integer') && !types.includes('number'))
    values.push(low !== undefined ? low + 0.5 : 0.5);
  return values;
}

function withNul(text: string, at: number): string {
  const index = Math.min(at, text.length);
  return `${text.slice(0, index)}\0${text.slice(index)}`;
}

/**
 * Every way the suite knows to make this (valid-looking) request invalid, one mutation each:
 * NUL characters, ids and numbers out of range or not canonical, unknown enum values, missing
 * required fields, wrong types, and bodies that are not an object at all.
 */
export function invalidVariants(operation: Operation, request: FuzzRequest): InvalidRequest[] {
  const variants: InvalidRequest[] = [];
  const add = (mutation: string, change: Partial<FuzzRequest>) =>
    variants.push({ ...request, ...change, mutation });

  for (const parameter of operation.parameters) {
    const where = parameter.in === 'path' ? 'params' : 'query';
    const current = request[where][parameter.name] ?? 'x';
    const set = (value: string) => ({ [where]: { ...request[where], [parameter.name]: value } });
    add(`NUL in ${where}.${parameter.name}`, set(withNul(current, 1)));
    const schema = parameter.schema;
    const isNumeric =
      typesOf(schema).includes('integer') ||
      (schema.pattern !== undefined && /\[0-9\]|\\d/.test(schema.pattern));
    if (isIdName(parameter.name) && isNumeric) {
      for (const text of BAD_ID_TEXTS)
        if (!(where === 'query' && text === '' && !parameter.required))
          add(`bad id ${JSON.stringify(text)} in ${where}.${parameter.name}`, set(text));
    } else if (isNumeric) {
      for (const text of BAD_NUMBER_TEXTS)
        add(`bad number ${JSON.stringify(text)} in ${where}.${parameter.name}`, set(text));
    }
    if (schema.enum) add(`unknown value in ${where}.${parameter.name}`, set('not-a-member'));
    if (schema.maxLength !== undefined)
      add(`too long ${where}.${parameter.name}`, set('x'.repeat(schema.maxLength + 1)));
    if (where === 'query' && parameter.required) {
      const query = { ...request.query };
      delete query[parameter.name];
      add(`missing query.${parameter.name}`, { query });
    }
  }

  const schema = operation.body;
  if (!schema) return variants;
  const isObjectBody = jsonTypes(schema).has('object') && !jsonTypes(schema).has('null');
  if (isObjectBody) {
    for (const raw of ['null', '"text"', '42', '[]', 'true', '[{}]'])
      add(`body ${raw}`, { body: undefined, rawBody: raw });
    add('empty JSON body', { body: undefined, rawBody: '' });
    for (const key of schema.required ?? [])
      if (request.body && typeof request.body === 'object' && key in request.body)
        add(`missing body.${key}`, { body: setAt(request.body, [key], undefined, true) });
    if (schema.additionalProperties === false)
      add('unknown body field', { body: { ...(request.body as object), fuzz_unknown_field: 1 } });
  }
  if (request.body === undefined) return variants;

  for (const location of locations(request.body, schema)) {
    const label = `body.${location.path.join('.')}`;
    const value = getAt(request.body, location.path);
    if (typeof value === 'string') {
      add(`NUL in ${label}`, { body: setAt(request.body, location.path, withNul(value, 1)) });
      add(`unpaired surrogate in ${label}`, {
        body: setAt(request.body, location.path, `${value}\ud800`),
      });
    }
    if (location.isRecordEntry) {
      // A NUL in a key of a record (`feedback: { reason: 'price' }`).
      const parent = location.path.slice(0, -1);
      const key = String(location.path.at(-1));
      const renamed = { ...(getAt(request.body, parent) as object) } as Record<string, unknown>;
      renamed[withNul(key, 0)] = renamed[key];
      delete renamed[key];
      add(`NUL in a key of ${label}`, {
        body: parent.length ? setAt(request.body, parent, renamed) : renamed,
      });
    }
    for (const wrong of wrongTypeValues(location.schema).slice(0, 2))
      add(`wrong type ${JSON.stringify(wrong)} at ${label}`, {
        body: setAt(request.body, location.path, wrong),
      });
    for (const outside of outOfRangeValues(location.schema))
      add(`out of range ${outside} at ${label}`, {
        body: setAt(request.body, location.path, outside),
      });
    if (isIdName(location.name) && typesOf(location.schema).includes('integer'))
      for (const bad of BAD_BODY_IDS)
        add(`bad id ${JSON.stringify(bad)} at ${label}`, {
          body: setAt(request.body, location.path, bad),
        });
    if (location.schema.enum && typeof value === 'string')
      add(`unknown value at ${label}`, {
        body: setAt(request.body, location.path, 'not-a-member'),
      });
    if (location.schema.maxLength !== undefined && typeof value === 'string')
      add(`too long ${label}`, {
        body: setAt(request.body, location.path, 'x'.repeat(location.schema.maxLength + 1)),
      });
    if (location.schema.properties && value && typeof value === 'object' && !Array.isArray(value))
      for (const key of location.schema.required ?? [])
        if (key in value)
          add(`missing ${label}.${key}`, {
            body: setAt(request.body, [...location.path, key], undefined, true),
          });
  }
  return variants;
}

const UNPAIRED_SURROGATE =
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The URL of a request: path parameters filled in (encoded), query string appended. */
export function urlOf(operation: Operation, request: FuzzRequest): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_whole, name: string) =>
    // A URL cannot carry an unpaired surrogate: it goes as U+FFFD, as URLSearchParams does.
    encodeURIComponent((request.params[name] ?? '').replace(UNPAIRED_SURROGATE, '\ufffd')),
  );
  const query = new URLSearchParams(request.query).toString();
  return query ? `${path}?${query}` : path;
}
