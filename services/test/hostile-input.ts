import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { MAX_PATH_PARAMETER_LENGTH } from '../src/platform/http/error-handler.ts';
import { bodyFrom, type BodyTable, type JsonSchema, type OpenApiDocument, type Operation } from './scoping.ts';

/**
 * Hostile input generated from the OpenAPI document (issue 23 item 5), for `hostile-input.int.spec.ts`: for one
 * operation, the requests a careless or hostile client sends: malformed JSON, a wrong content type, a body over the
 * route's limit, JSON nested 10,000 deep, type-confused fields (fast-check, a fixed seed: a failure reproduces), hostile
 * query values and path ids that are no ids (not a uuid, longer than the router takes).
 */

/** The seed of every fast-check sample: change it to explore, keep it fixed in the suite so a failure reproduces. */
export const HOSTILE_SEED = 2_326;
/** Fastify's default body limit (the app sets none of its own): a route without its own limit refuses more. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
const DEPTH = 10_000;

/** One hostile request: what it is (for the failure message) and what `inject` sends. */
export interface HostileRequest {
  what: string;
  method: Operation['method'] | 'HEAD' | 'OPTIONS';
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** The statuses it must be refused with, when the kind of input decides it (413 over the limit, 415 a type no route reads). */
  statuses?: number[];
  /** HEAD and OPTIONS: no body to hold the envelope, only never a 5xx. */
  bare?: true;
}

/** A value of the wrong type for most fields: numbers for strings, objects for arrays, null, huge or NaN-like strings, `__proto__`. */
const confused: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant({}),
  fc.constant([]),
  fc.array(fc.oneof(fc.integer(), fc.string(), fc.constant(null)), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), fc.string())),
  fc.constant('x'.repeat(100_000)),
  fc.constantFrom('NaN', 'Infinity', '-0', '1e400', '0x1F', '', ' ', '\u0000', '__proto__', 'constructor', '<script>alert(1)</script>', "' OR 1=1 --"),
  // An own `__proto__` key (JSON.parse makes it one), which Fastify's parser must refuse rather than merge.
  fc.constant(JSON.parse('{"__proto__":{"polluted":true}}') as unknown),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Values given to every field of a body at once. */
const EVERY_FIELD: readonly unknown[] = [42, -1, 'x'.repeat(20_000), { $gt: '' }, ['a'], true, null, '\u0000\u202e\ud83d\ude00 ünï ☃ \u2028'];

/** A hostile query or path value. */
const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('NaN', '-1', '1e400', 'null', 'undefined', '[]', '{}', '__proto__', 'constructor', '%00', '../../etc/passwd', "' OR 1=1 --", 'x'.repeat(5_000)),
  fc.string({ unit: 'binary', maxLength: 30 }),
);

const sample = <T>(arb: fc.Arbitrary<T>, op: Operation, salt: number, count: number): T[] => {
  // One seed per operation (from its key), so adding a route does not change another route's inputs.
  let hash = HOSTILE_SEED + salt;
  for (const char of op.key) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return fc.sample(arb, { seed: hash, numRuns: count });
};

const resolve = (schema: JsonSchema, doc: OpenApiDocument): JsonSchema => (schema.$ref ? (doc.components?.schemas?.[schema.$ref.split('/').at(-1) ?? ''] ?? {}) : schema);

/** Path parameters filled with an id nobody used (an enum's first value, a number where one is asked). */
const plainUrl = (op: Operation, value?: (name: string) => string) =>
  op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (value) return value(name);
    const schema = op.pathParams.find((p) => p.name === name)?.schema ?? {};
    if (schema.enum) return encodeURIComponent(String(schema.enum[0]));
    if (schema.type === 'integer' || schema.type === 'number') return '64';
    return randomUUID();
  });

/** The hostile requests for `op` (headers: the caller's, who may call it). */
export const hostileRequestsFor = (op: Operation, doc: OpenApiDocument, { headers, bodyLimit = DEFAULT_BODY_LIMIT, bodies = {} as BodyTable }: { headers: Record<string, string>; bodyLimit?: number | undefined; bodies?: BodyTable }): HostileRequest[] => {
  const url = plainUrl(op);
  const json = { ...headers, 'content-type': 'application/json' };
  const out: HostileRequest[] = [];
  if (op.body) {
    const valid = bodies[op.key]?.(() => undefined) ?? bodyFrom(op.body, doc, () => undefined);
    out.push(
      { what: 'malformed JSON', method: op.method, url, headers: json, payload: '{"a": [1, 2,', statuses: [400] },
      { what: 'a content type no route reads', method: op.method, url, headers: { ...headers, 'content-type': 'application/x-hostile' }, payload: JSON.stringify(valid), statuses: [415] },
      { what: 'text/plain', method: op.method, url, headers: { ...headers, 'content-type': 'text/plain' }, payload: 'hello' },
      { what: 'form encoded', method: op.method, url, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1&b=2' },
      { what: 'JSON in a charset nobody speaks', method: op.method, url, headers: { ...headers, 'content-type': 'application/json; charset=klingon' }, payload: JSON.stringify(valid) },
      { what: 'a JSON string', method: op.method, url, headers: json, payload: '"just a string"' },
      { what: `a body over its limit (${bodyLimit} bytes)`, method: op.method, url, headers: json, payload: JSON.stringify({ padding: 'x'.repeat(bodyLimit) }), statuses: [413] },
      { what: `an array nested ${DEPTH} deep`, method: op.method, url, headers: json, payload: `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}` },
      { what: `an object nested ${DEPTH} deep`, method: op.method, url, headers: json, payload: `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}` },
      { what: 'a top-level __proto__ key', method: op.method, url, headers: json, payload: JSON.stringify({ ...(valid as object), ['__proto__']: { is_admin: true } }) },
    );
    const schema = resolve(op.body, doc);
    const fields = Object.keys(schema.properties ?? {});
    if (fields.length > 0 && valid && typeof valid === 'object' && !Array.isArray(valid)) {
      const base = JSON.stringify(valid).slice(0, -1);
      const withField = (field: string, text: string) => `${base}${base === '{' ? '' : ','}${JSON.stringify(field)}:${text}}`;
      for (const [field, value] of sample(fc.tuple(fc.constantFrom(...fields), confused), op, 1, 4)) {
        out.push({ what: `${field} type-confused (${JSON.stringify(value)?.slice(0, 40)})`, method: op.method, url, headers: json, payload: withField(field, JSON.stringify(value)) });
      }
      // Every field at once of one wrong kind (what a client with a broken serializer sends).
      for (const value of EVERY_FIELD) {
        out.push({ what: `every field ${JSON.stringify(value).slice(0, 30)}`, method: op.method, url, headers: json, payload: JSON.stringify(Object.fromEntries(fields.map((field) => [field, value]))) });
      }
      // Every field nested 10,000 deep and as a huge string: what a recursive walk (a sanitizer, a renderer) or a
      // length check would meet.
      for (const field of fields) {
        out.push({ what: `${field} nested ${DEPTH} deep`, method: op.method, url, headers: json, payload: withField(field, `${'[{"a":'.repeat(DEPTH / 2)}1${'}]'.repeat(DEPTH / 2)}`) });
        out.push({ what: `${field} a 200,000-character string`, method: op.method, url, headers: json, payload: withField(field, JSON.stringify('ü'.repeat(200_000))) });
      }
    } else {
      for (const value of sample(confused, op, 1, 2)) out.push({ what: `body type-confused (${JSON.stringify(value)?.slice(0, 40)})`, method: op.method, url, headers: json, payload: JSON.stringify(value) });
    }
  }
  if (op.queryParams.length > 0) {
    for (const values of sample(fc.array(hostileText, { minLength: op.queryParams.length, maxLength: op.queryParams.length }), op, 2, 2)) {
      const query = new URLSearchParams(op.queryParams.map((p, i): [string, string] => [p.name, values[i] ?? '']));
      out.push({ what: `hostile query ${query.toString().slice(0, 60)}`, method: op.method, url: `${url}?${query}`, headers });
    }
    const first = op.queryParams[0]?.name ?? 'q';
    out.push({ what: `${first} given twice`, method: op.method, url: `${url}?${first}=1&${first}=2`, headers });
  }
  if (op.pathParams.length > 0) {
    // As sent (already encoded): traversal, a NUL, a broken escape, SQL; then a few generated ones, encoded.
    const raw = ['not-a-uuid', 'a'.repeat(MAX_PATH_PARAMETER_LENGTH + 1), '..%2F..%2Fetc%2Fpasswd', '%2E%2E', '%00', '%ZZ', '%E2%98%83', `${randomUUID()}%20OR%201=1`];
    const ids = [...raw, ...sample(hostileText, op, 3, 2).map((text) => encodeURIComponent(text.slice(0, MAX_PATH_PARAMETER_LENGTH)) || '%20')];
    for (const id of ids) out.push({ what: `path id ${JSON.stringify(id.slice(0, 40))}`, method: op.method, url: plainUrl(op, () => id), ...(op.body ? { headers: json, payload: '{}' } : { headers }) });
  }
  if (op.method === 'GET') out.push({ what: 'HEAD', method: 'HEAD', url, headers, bare: true });
  out.push({ what: 'OPTIONS', method: 'OPTIONS', url, headers, bare: true });
  return out;
};

export type HostileInject = (options: InjectOptions & { url: string }) => Promise<{ statusCode: number; body: string }>;
