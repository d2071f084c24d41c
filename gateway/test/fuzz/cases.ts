import { serverComputedFieldsOf } from '@erp/contracts';
import type { JsonSchema } from '../../src/openapi/schema-from-class.js';
import type { RouteShape } from '../../src/openapi/openapi-document.js';
import { deepJson, hostileNumbers, hostileStrings, oneMegabyte, wrongTypeValues } from './payloads.js';
import type { SeededRandom } from './random.js';

/** Headers that state a preference, not an input: read leniently, never refused (RFC 9110 §12.5.4). */
const negotiationHeaders = new Set(['accept-language']);

export type Class = new () => object;

/** Who makes a call: the owner's browser session, the partner's all-permission key, or nobody. */
export type Caller = 'owner' | 'api-key' | 'anonymous';

/**
 * What a case must get: `refused` (4xx, nothing changed; the validation pipe or the transport
 * refuses it), `any` (a 2xx is legitimate, e.g. an RTL mark in a client's name), or `accepted`
 * (what a careful client sends, CONTRACT §9: its form is never refused, so no 400, 413 or 415;
 * an unknown id's 404 or a business rule's 409 may still answer). Every case, whatever it
 * expects: no 5xx, no stack trace or internals, the contract's error shape.
 */
export type Expectation = 'refused' | 'any' | 'accepted';

export interface FuzzCase {
  /** `METHOD /api/path` as the route table names the route. */
  route: string;
  /** The family of the case (wrong-type, missing, sql-drop, deep-json, ...). */
  kind: string;
  /** What it targets: a field, a parameter or the whole body. */
  target: string;
  method: string;
  /** The URL path with its query string. */
  url: string;
  body?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
  caller: Caller;
  expect: Expectation;
  /** A status the contract names for this case (415, 413, 400 INVALID_JSON, 404 for a malformed id). */
  expectStatus?: number;
  expectCode?: string;
}

/** One route to fuzz, with the schemas of its body and query. */
export interface FuzzRoute {
  key: string;
  shape: RouteShape;
  caller: Caller;
  /** The body's schema (resolved), for routes with a @Body() DTO. */
  body: JsonSchema | null;
  query: JsonSchema | null;
}

/** What generation needs from the test: the real validator, schemas' classes, ids and a seed. */
export interface GenerationContext {
  rng: SeededRandom;
  /** Follows a `$ref` (either to the document's components or to the classes read here). */
  resolve(schema: JsonSchema): JsonSchema;
  classOf(schema: JsonSchema): Class | null;
  /** The gateway's own ValidationPipe: null when it accepts the value, else the failing fields. */
  check(kind: 'body' | 'query', type: Class, value: unknown): Promise<string[] | null>;
  /** A real id for a path parameter where the route changes an existing record by body. */
  realId(route: string, param: string): string | undefined;
  /** A real id for a body field (stockItemId, clientId). */
  knownId(field: string): string | undefined;
  /** A value the services accept for a field the schema cannot describe (a webhook's https URL). */
  knownValue(field: string): unknown;
  /** Routes that also get the 1 MB strings and the over-the-limit body. */
  heavyRoutes: ReadonlySet<string>;
  bodyLimitBytes: number;
}

const mutating = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function typesOf(schema: JsonSchema): string[] {
  return Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
}

function isDecimal(schema: JsonSchema): boolean {
  return schema['x-decimal'] !== undefined;
}

function isNumeric(schema: JsonSchema): boolean {
  const types = typesOf(schema);
  return types.includes('number') || types.includes('integer') || isDecimal(schema);
}

function isString(schema: JsonSchema): boolean {
  return typesOf(schema).includes('string') && !isDecimal(schema) && schema.enum === undefined;
}

let serial = 0;
const unique = (): number => (serial += 1);

function fitLength(value: string, schema: JsonSchema): string {
  let text = value;
  if (schema.minLength !== undefined && text.length < schema.minLength) text = text.padEnd(schema.minLength, 'x');
  if (schema.maxLength !== undefined && text.length > schema.maxLength) text = text.slice(0, schema.maxLength);
  return text;
}

/**
 * Builds valid values from schemas, repairing with the real validator what the schema cannot
 * say (patterns, custom constraints): each failing field tries the next plausible value.
 */
class Sampler {
  private readonly bases = new Map<Class, Record<string, unknown>>();

  constructor(private readonly context: GenerationContext) {}

  async candidates(name: string, raw: JsonSchema): Promise<unknown[]> {
    const schema = this.context.resolve(raw);
    if (schema.enum) return [...schema.enum];
    const nested = this.context.classOf(raw);
    if (nested) return [await this.base(nested, schema)];
    const types = typesOf(schema);
    if (types.includes('array')) {
      const items = schema.items ?? {};
      const options = await this.candidates(name, items);
      const count = Math.max(1, schema.minItems ?? 1);
      return options.slice(0, 3).map((option) => Array.from({ length: count }, () => option));
    }
    const n = unique();
    if (schema.format === 'uuid') return [this.context.knownId(name) ?? this.context.rng.uuid()];
    if (schema.format === 'email') return [`fz${n}@example.com`];
    if (schema.format === 'uri') return ['https://hooks.example.com/fz'];
    if (schema.format === 'date-time') return ['2026-01-15'];
    if (schema.format === 'date') return ['2026-01-15'];
    if (isDecimal(schema)) return ['1.00', 1, 10];
    if (types.includes('integer')) return [1, 10, 0];
    if (types.includes('number')) return [1, 10, 0];
    if (types.includes('boolean')) return [true, false];
    return [
      `fz${n}`,
      `fz${n}@example.com`,
      '+966500000001',
      '300000000000003',
      'https://hooks.example.com/fz',
      '2026-01-15',
      `FZ-${n}`,
      `fz-password-${n}`,
      '10',
    ].map((value) => fitLength(value, schema));
  }

  /** A body the validator accepts (as far as the candidates reach), cached per class. */
  async base(type: Class, raw: JsonSchema): Promise<Record<string, unknown>> {
    const cached = this.bases.get(type);
    if (cached) return structuredClone(cached);
    const schema = this.context.resolve(raw);
    const properties = schema.properties ?? {};
    const body: Record<string, unknown> = {};
    for (const name of schema.required ?? []) body[name] = (await this.candidates(name, properties[name] ?? {}))[0];
    for (const name of Object.keys(properties)) {
      const known = this.context.knownValue(name);
      if (known !== undefined) body[name] = known;
    }
    for (let round = 0; round < 3; round += 1) {
      const failing = topLevel(await this.context.check('body', type, body));
      if (failing.length === 0) break;
      for (const field of failing) {
        const options = await this.candidates(field, properties[field] ?? {});
        for (const option of options) {
          body[field] = option;
          if (!topLevel(await this.context.check('body', type, body)).includes(field)) break;
        }
      }
    }
    this.bases.set(type, body);
    return structuredClone(body);
  }
}

/** The generated names (`fz12…`, `FZ-12…`) of a value, renumbered: its own client, SKU, username, receipt. */
function freshNames(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/^(fz|FZ-)\d+/, (_all, prefix: string) => `${prefix}${unique()}`);
  if (Array.isArray(value)) return value.map(freshNames);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        // A goods receipt is applied once per receiptId: a new one, or the case is only a repeat.
        key === 'receiptId' && typeof item === 'string'
          ? `00000000-0000-4000-8000-${unique().toString(16).padStart(12, '0')}`
          : freshNames(item),
      ]),
    );
  }
  return value;
}

function topLevel(fields: string[] | null): string[] {
  return [...new Set((fields ?? []).map((field) => field.split('.')[0]!))];
}

function fillPath(route: FuzzRoute, context: GenerationContext, useRealIds: boolean): string {
  return route.shape.path.replace(/:(\w+)/g, (_all, name: string) => {
    const real = useRealIds ? context.realId(route.key, name) : undefined;
    return real ?? context.rng.uuid();
  });
}

/** Percent-encodes UTF-8 bytes (a lone surrogate travels as U+FFFD, as a browser sends it). */
function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[A-Za-z0-9\-_.~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

/**
 * Hands out payload kinds to a route's fields in turn, from a seeded start: every kind reaches
 * every route, without every field of every route getting every kind (which costs minutes).
 */
class Rotation<T> {
  private next: number;
  private readonly perField: number;

  constructor(
    private readonly entries: Array<[string, T]>,
    fields: number,
    minimum: number,
    rng: SeededRandom,
  ) {
    this.next = rng.int(entries.length);
    this.perField = Math.min(entries.length, Math.max(minimum, Math.ceil(entries.length / Math.max(1, fields))));
  }

  take(): Array<[string, T]> {
    return Array.from({ length: this.perField }, () => this.entries[this.next++ % this.entries.length]!);
  }
}

/** Takes the next of whatever choices it is given, from a seeded start: each field a different wrong type. */
class Cycle {
  private next: number;

  constructor(rng: SeededRandom) {
    this.next = rng.int(16);
  }

  take<T>(choices: T[]): T[] {
    return choices.length === 0 ? [] : [choices[this.next++ % choices.length]!];
  }
}

/** Malformed ids for a path parameter, as they travel in a URL. */
const malformedIds: Record<string, string> = {
  'not-a-uuid': 'abc',
  number: '1',
  negative: '-1',
  'sql-in-id': encodeURIComponent("1' OR '1'='1"),
  'traversal-in-id': '..%2F..%2Fetc%2Fpasswd',
  'nul-in-id': '%00',
  'rtl-in-id': '%E2%80%AEdi',
  'uuid-with-g': '0000000g-0000-4000-8000-000000000000',
  'uuid-too-long': '00000000-0000-4000-8000-0000000000001',
  'long-id': 'a'.repeat(300),
  'broken-percent-encoding': '%E0%A4%A',
};

/**
 * The cases of one route: per field (wrong types, missing, null, hostile strings and numbers,
 * one level into nested items), per body (extra fields, prototype keys, empty, non-objects,
 * invalid JSON, wrong media types, deep nesting, too large), per path parameter (malformed and
 * unknown ids) and per query parameter (wrong types, repeated, arrays and objects, hostile text).
 */
export async function generateCases(route: FuzzRoute, context: GenerationContext): Promise<FuzzCase[]> {
  const cases: FuzzCase[] = [];
  const sampler = new Sampler(context);
  const { shape } = route;
  const heavy = context.heavyRoutes.has(route.key);
  const hasBody = route.body !== null && shape.body !== null;
  const isMutating = mutating.has(shape.method);
  // A route that changes a record through its body is aimed at a real one: were validation
  // missing, the data check would see it. Other routes only ever get ids that name nothing.
  const realPath = fillPath(route, context, hasBody);
  const base: Record<string, unknown> = hasBody ? await sampler.base(shape.body!, route.body!) : {};
  const queryBase = route.query && shape.query ? await sampler.base(shape.query, route.query) : {};

  // The fields of the body (and one level into nested items) that take text and numbers.
  const fields: JsonSchema[] = [];
  for (const [, raw] of Object.entries(route.body?.properties ?? {})) {
    const property = context.resolve(raw);
    fields.push(property);
    const nested = context.classOf(property.items ?? raw);
    if (nested)
      fields.push(...Object.values(context.resolve(property.items ?? raw).properties ?? {}).map(context.resolve));
  }
  const takesText = (schema: JsonSchema): boolean =>
    isString(schema) || schema.enum !== undefined || schema.format !== undefined;
  const strings = new Rotation(Object.entries(hostileStrings), fields.filter(takesText).length, 2, context.rng);
  const numbers = new Rotation(Object.entries(hostileNumbers), fields.filter(isNumeric).length, 4, context.rng);
  const wrongTypes = new Cycle(context.rng);
  let hugeStringSent = false;

  const add = (partial: Omit<FuzzCase, 'route' | 'method' | 'caller' | 'url'> & { url?: string }): void => {
    cases.push({
      route: route.key,
      method: shape.method,
      caller: route.caller,
      url: partial.url ?? realPath,
      ...partial,
    });
  };

  /** A JSON body case, judged by the real validator; `accepted` when what passes it must not be refused for its form. */
  const bodyCase = async (
    kind: string,
    target: string,
    value: unknown,
    expectStatus?: number,
    whenValid: Expectation = 'any',
  ): Promise<void> => {
    const refused = (await context.check('body', shape.body!, value)) !== null;
    add({
      kind,
      target,
      // What may succeed gets names of its own, so a second client or SKU is not a 409.
      body: JSON.stringify(refused ? value : freshNames(value)),
      contentType: 'application/json',
      expect: refused || expectStatus !== undefined ? 'refused' : whenValid,
      ...(expectStatus !== undefined ? { expectStatus, expectCode: 'VALIDATION_FAILED' } : {}),
    });
  };

  if (hasBody) {
    const schema = route.body!;
    const properties = schema.properties ?? {};
    await bodyCase('valid-base', 'body', base);
    for (const [name, raw] of Object.entries(properties)) {
      const property = context.resolve(raw);
      await fieldCases(name, property, raw, base, (kind, target, value) => bodyCase(kind, target, value));
      if (schema.required?.includes(name)) {
        const { [name]: _dropped, ...rest } = base;
        await bodyCase('missing-required', name, rest);
      }
      // One level down: the first element of an array of objects, or a nested object.
      const nestedClass = context.classOf(property.items ?? raw);
      if (nestedClass) {
        const nestedSchema = context.resolve(property.items ?? raw);
        const element = await sampler.base(nestedClass, nestedSchema);
        const wrap = (value: unknown): unknown => (property.items ? [value] : value);
        for (const [inner, innerRaw] of Object.entries(nestedSchema.properties ?? {})) {
          const innerProperty = context.resolve(innerRaw);
          const path = property.items ? `${name}.0.${inner}` : `${name}.${inner}`;
          await fieldCases(inner, innerProperty, innerRaw, element, (kind, _target, value) =>
            bodyCase(kind, path, { ...base, [name]: wrap(value) }),
          );
          if (nestedSchema.required?.includes(inner)) {
            const { [inner]: _dropped, ...rest } = element;
            await bodyCase('missing-required', path, { ...base, [name]: wrap(rest) });
          }
        }
        if (property.items) {
          await bodyCase('empty-array', name, { ...base, [name]: [] });
          await bodyCase('array-of-junk', name, { ...base, [name]: [1, 'x', null, [], true] });
          await bodyCase('array-5000-items', name, { ...base, [name]: Array.from({ length: 5000 }, () => element) });
        }
      }
    }
    // libs/common's ValidationPipe forbids unknown fields (forbidNonWhitelisted): refused, never stripped.
    await bodyCase('extra-field', 'fzUnknown', { ...base, fzUnknown: 1 }, 400);
    await bodyCase(
      'extra-fields-privileged',
      'isAdmin,ownerId',
      { ...base, isAdmin: true, ownerId: context.rng.uuid() },
      400,
    );
    await bodyCase('empty-object', 'body', {});
    // CONTRACT §9: an object sent back with what the server computed on it (ids, numbers, totals,
    // timestamps) is the object without them; only those fields, any other unknown one is refused above.
    const computed = serverComputedFieldsOf(shape.body);
    if (computed) {
      const echoed = (own: readonly string[]): Record<string, unknown> =>
        Object.fromEntries(own.map((field) => [field, serverComputedSample(field, context)]));
      const withLists = Object.fromEntries(
        Object.entries(computed.lists ?? {})
          .filter(([list]) => Array.isArray(base[list]))
          .map(([list, fields]) => [
            list,
            (base[list] as unknown[]).map((entry) => ({ ...(entry as object), ...echoed(fields) })),
          ]),
      );
      await bodyCase(
        'server-computed-fields',
        computed.own.join(','),
        { ...base, ...echoed(computed.own), ...withLists },
        undefined,
        'accepted',
      );
    }
    for (const [kind, text] of Object.entries({
      'proto-key': `{"__proto__":{"isAdmin":true},${JSON.stringify(base).slice(1)}`,
      'constructor-prototype-key': `{"constructor":{"prototype":{"isAdmin":true}}}`,
    })) {
      add({ kind, target: 'body', body: text, contentType: 'application/json', expect: 'refused' });
    }
    for (const [kind, text] of Object.entries({
      'body-null': 'null',
      'body-array': '[]',
      'body-string': '"x"',
      'body-number': '0',
    })) {
      add({ kind, target: 'body', body: text, contentType: 'application/json', expect: 'refused', expectStatus: 400 });
    }
    add({
      kind: 'empty-body',
      target: 'body',
      body: '',
      contentType: 'application/json',
      expect: 'refused',
      expectStatus: 400,
    });
    add({ kind: 'no-body', target: 'body', expect: 'refused', expectStatus: 400 });
    const first = Object.keys(properties)[0] ?? 'a';
    add({
      kind: 'deep-json-array',
      target: 'body',
      body: deepJson(10_000, 'array'),
      contentType: 'application/json',
      expect: 'refused',
    });
    add({
      kind: 'deep-json-object',
      target: 'body',
      body: deepJson(10_000, 'object'),
      contentType: 'application/json',
      expect: 'refused',
    });
    add({
      kind: 'deep-json-in-field',
      target: first,
      body: `{${JSON.stringify(first)}:${deepJson(10_000, 'object')}}`,
      contentType: 'application/json',
      expect: 'refused',
    });
    add({
      kind: 'invalid-utf8',
      target: 'body',
      body: Buffer.concat([
        Buffer.from(`{${JSON.stringify(first)}:"`),
        Buffer.from([0xff, 0xfe, 0xc3]),
        Buffer.from('"}'),
      ]),
      contentType: 'application/json',
      expect: 'any',
    });
  }

  if (isMutating) {
    const json = JSON.stringify(base);
    const url = hasBody ? realPath : fillPath(route, context, false);
    for (const [kind, text] of Object.entries({
      'invalid-json-truncated': '{"a":',
      'invalid-json-single-quotes': "{'a':1}",
      'invalid-json-trailing-comma': '{"a":1,}',
      'invalid-json-raw-nul': '{"a":"\u0000"}',
      'invalid-json-nan': '{"a":NaN}',
    })) {
      add({
        kind,
        target: 'body',
        url,
        body: text,
        contentType: 'application/json',
        expect: 'refused',
        expectStatus: 400,
        expectCode: 'INVALID_JSON',
      });
    }
    for (const [kind, contentType] of Object.entries({
      'content-type-text': 'text/plain',
      'content-type-form': 'application/x-www-form-urlencoded',
      'content-type-multipart': 'multipart/form-data; boundary=fz',
      'content-type-xml': 'application/xml',
      'content-type-json-lookalike': 'application/jsonx',
      'content-type-missing': '',
    })) {
      add({ kind, target: 'body', url, body: json, contentType, expect: 'refused', expectStatus: 415 });
    }
    if (heavy) {
      const oversize = `{"a":"${'A'.repeat(context.bodyLimitBytes + 1024)}"}`;
      add({
        kind: 'body-over-limit',
        target: 'body',
        url,
        body: oversize,
        contentType: 'application/json',
        expect: 'refused',
        expectStatus: 413,
      });
    }
    if (!hasBody) {
      // CONTRACT §9: `Content-Type: application/json` with an empty body, as many HTTP libraries
      // send on DELETE and body-less POST, is no body at all.
      add({
        kind: 'json-empty-body',
        target: 'body',
        url,
        body: '',
        contentType: 'application/json',
        expect: 'accepted',
      });
      // A route that reads no body: a body is ignored, so these may succeed; never with a real id.
      add({
        kind: 'unexpected-body',
        target: 'body',
        url,
        body: '{"fz":1}',
        contentType: 'application/json',
        expect: 'any',
      });
      add({
        kind: 'deep-json-array',
        target: 'body',
        url,
        body: deepJson(10_000, 'array'),
        contentType: 'application/json',
        expect: 'any',
      });
    }
  }

  for (const param of shape.params) {
    const others = (value: string): string =>
      route.shape.path.replace(/:(\w+)/g, (_all, name: string) =>
        name === param.name ? value : (context.realId(route.key, name) ?? context.rng.uuid()),
      );
    const body = hasBody ? JSON.stringify(base) : undefined;
    const contentType = hasBody ? 'application/json' : undefined;
    // Seven malformed ids a parameter: the two the router itself refuses (past its length limit,
    // broken percent-encoding: a 400 "Malformed URL"), and five seeded others.
    const router = ['long-id', 'broken-percent-encoding'];
    const ids = Object.entries(malformedIds);
    const chosen = [
      ...ids.filter(([kind]) => router.includes(kind)),
      ...context.rng.sample(
        ids.filter(([kind]) => !router.includes(kind)),
        5,
      ),
    ];
    for (const [kind, value] of chosen) {
      add({
        kind: `path-${kind}`,
        target: param.name,
        url: others(value),
        body,
        contentType,
        expect: 'refused',
        expectStatus: kind === 'broken-percent-encoding' ? 400 : 404,
      });
    }
    add({
      kind: 'path-unknown-uuid',
      target: param.name,
      url: others(context.rng.uuid()),
      body,
      contentType,
      expect: 'refused',
    });
  }

  // Headers a handler reads (the partner API's Idempotency-Key): too long, spaced, not ASCII, refused.
  // A negotiation header (Accept-Language) is a preference, with spaces by its grammar ("en-US, ar;q=0.9"):
  // any value must get an answer without a 5xx, an unknown one the default.
  for (const header of shape.headers) {
    const negotiation = negotiationHeaders.has(header.toLowerCase());
    for (const [kind, value] of Object.entries({
      'header-too-long': 'k'.repeat(500),
      'header-with-space': 'retry key',
      'header-latin1': 'cl\u00e9-1',
    })) {
      add({
        kind,
        target: header,
        body: hasBody ? JSON.stringify(base) : undefined,
        contentType: hasBody ? 'application/json' : undefined,
        headers: { [header]: value },
        ...(negotiation ? { expect: 'any' as const } : { expect: 'refused' as const, expectStatus: 400 }),
      });
    }
  }

  const queryPath = fillPath(route, context, false);
  const queryUrl = (pairs: Array<[string, string]>): string =>
    `${queryPath}?${pairs.map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`).join('&')}`;
  /** A query case judged by the validator on what Fastify's parser makes of it (repeats become arrays). */
  const queryCase = async (
    kind: string,
    target: string,
    pairs: Array<[string, string]>,
    raw?: string,
  ): Promise<void> => {
    let expect: Expectation = 'any';
    if (shape.query) {
      // Own properties only, as Fastify's parser makes them: `parsed.__proto__ = …` would change
      // the object's prototype here (and the validator would then walk Object.prototype).
      const parsed = new Map<string, string | string[]>();
      for (const [key, sent] of pairs) {
        const value = Buffer.from(sent, 'utf8').toString('utf8'); // as it arrives: U+FFFD for a lone surrogate
        const seen = parsed.get(key);
        parsed.set(key, seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value]);
      }
      const query = Object.fromEntries(parsed);
      expect = (await context.check('query', shape.query, query)) === null ? 'any' : 'refused';
    }
    add({ kind, target, url: raw ?? queryUrl(pairs), expect });
  };

  if (shape.method === 'GET') {
    const basePairs = Object.entries(queryBase).map(([key, value]) => [key, String(value)] as [string, string]);
    const queryFields = Object.values(route.query?.properties ?? {}).map(context.resolve);
    const queryStrings = new Rotation(Object.entries(hostileStrings), queryFields.length, 3, context.rng);
    const queryNumbers = new Rotation(
      Object.entries(hostileNumbers).map(([kind, value]) => [kind, String(value)] as [string, string]),
      queryFields.length,
      4,
      context.rng,
    );
    for (const [name, raw] of Object.entries(route.query?.properties ?? {})) {
      const property = context.resolve(raw);
      const others = basePairs.filter(([key]) => key !== name);
      // Everything in a query is text: each field gets wrong words, numbers at the edges and
      // hostile text in turn; repeats, arrays and objects every time.
      const values: Array<[string, string]> = [
        ['wrong-type-text', 'abc'],
        ['empty', ''],
        ...queryNumbers.take(),
        ...queryStrings.take(),
      ];
      if (isString(property)) values.push(['string-8kb', 'q'.repeat(8 * 1024)]);
      for (const [kind, value] of values) await queryCase(kind, name, [...others, [name, value]]);
      await queryCase('repeated', name, [...others, [name, '1'], [name, '2']]);
      await queryCase('object-brackets', name, [...others, [`${name}[a]`, '1']]);
    }
    const bracketed = Object.keys(route.query?.properties ?? {});
    if (bracketed.length > 0) {
      const name = context.rng.pick(bracketed);
      const others = basePairs.filter(([key]) => key !== name);
      await queryCase('array-brackets', name, [...others, [`${name}[]`, '1']]);
      await queryCase('nested-brackets', name, [...others, [`${name}[a][b][c]`, '1']]);
    }
    await queryCase('extra-param', 'fzUnknown', [...basePairs, ['fzUnknown', '1']]);
    // CONTRACT §9: parameters the route does not know are ignored: cache busters, tracking tags.
    add({
      kind: 'cache-buster',
      target: '_',
      url: queryUrl([...basePairs, ['_', String(Date.now())]]),
      expect: 'accepted',
    });
    add({
      kind: 'tracking-params',
      target: 'utm_*',
      url: queryUrl([...basePairs, ['utm_source', 'newsletter'], ['utm_campaign', 'ramadan']]),
      expect: 'accepted',
    });
    await queryCase('proto-param', '__proto__', [...basePairs, ['__proto__', 'x']]);
    await queryCase('constructor-param', 'constructor', [...basePairs, ['constructor[prototype][x]', '1']]);
    await queryCase('limit-repeated', 'limit', [...basePairs, ['limit', '1'], ['limit', '2']]);
    await queryCase('limit-object', 'limit', [...basePairs, ['limit[a]', '1']]);
    await queryCase('percent-garbage', 'query', [], `${queryPath}?%ZZ=%E0%A4%A&%=%%`);
    if (heavy) {
      const name = Object.keys(route.query?.properties ?? {})[0] ?? 'search';
      await queryCase('query-1mb', name, [[name, 'q'.repeat(oneMegabyte)]]);
    }
  }
  return cases;

  /** The per-field cases of one property, handed to `emit` with the whole body to send. */
  async function fieldCases(
    name: string,
    property: JsonSchema,
    raw: JsonSchema,
    owner: Record<string, unknown>,
    emit: (kind: string, target: string, value: unknown) => Promise<void>,
  ): Promise<void> {
    const types = typesOf(property);
    const isObject = context.classOf(property.items ?? raw) !== null && !property.items;
    const wrong = Object.entries(wrongTypeValues(isObject ? 'object' : types)).filter(
      ([kind]) => !(isDecimal(property) && kind === 'a-string'), // a numeric string is a valid decimal
    );
    // null always (an optional field's null is where the bugs were), and one other type in turn.
    const picked = [
      ...wrong.filter(([kind]) => kind === 'null'),
      ...wrongTypes.take(wrong.filter(([kind]) => kind !== 'null')),
    ];
    for (const [kind, value] of picked) await emit(`wrong-type-${kind}`, name, { ...owner, [name]: value });
    if (takesText(property)) {
      const current = typeof owner[name] === 'string' ? (owner[name] as string) : '';
      for (const [kind, payload] of strings.take()) {
        const value = property.enum ? payload : `${current}${payload}`;
        await emit(kind, name, { ...owner, [name]: value });
      }
      await emit('string-past-max-length', name, { ...owner, [name]: 'x'.repeat((property.maxLength ?? 4096) + 1) });
      if (heavy && !hugeStringSent) {
        hugeStringSent = true;
        await emit('string-1mb', name, { ...owner, [name]: 'x'.repeat(oneMegabyte) });
      }
    }
    if (isNumeric(property)) {
      for (const [kind, value] of numbers.take()) await emit(kind, name, { ...owner, [name]: value });
    }
    if (types.includes('array') && !context.classOf(property.items ?? {})) {
      await emit('array-of-wrong-items', name, { ...owner, [name]: [null, 1, {}, []] });
      await emit('array-10000-items', name, { ...owner, [name]: Array.from({ length: 10_000 }, (_v, k) => `v${k}`) });
    }
  }
}

/** A value such as the server itself answers for a field it computes. */
function serverComputedSample(field: string, context: GenerationContext): unknown {
  if (field === 'id' || field.endsWith('Id') || field === 'createdBy') return context.rng.uuid();
  if (field.endsWith('At')) return '2026-11-27T08:00:00.000Z';
  if (field === 'orderNumber') return 'ORD-2026-000001';
  if (field === 'status') return 'confirmed';
  if (field === 'lineNo' || field === 'itemCount') return 1;
  if (field === 'sku') return 'SKU-1';
  return '999.99';
}
