import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';

/**
 * The authorization matrix generated from the OpenAPI document (issue 21 item 8, issue 23 item 5): every operation of
 * the document, called by every caller (anonymous, each member role, another provider's Provider Admin, Admin, Super
 * Admin), answers 401 / 403 in the error envelope where the role table refuses the caller the operation's capability,
 * and, called by callers who do not own the seeded things with every path id filled by each of those things' ids,
 * answers below 500 and never shows them (their ids, emails or names). The suite is
 * `authorization-matrix.int.spec.ts`; what is public by design is `operation-inventory.ts`.
 */

/** The part of a JSON schema the body generator reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  minimum?: number;
  minLength?: number;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** One operation of the document: `GET /api/v1/nhd/orders/{id}`, its parameters, body schema and capability. */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  key: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: JsonSchema | undefined;
  /** The capability the description names; none for a public operation. */
  capability: string | undefined;
}

export const operationsOf = (doc: OpenApiDocument): Operation[] =>
  Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => {
      const params = op.parameters ?? [];
      const upper = method.toUpperCase() as Operation['method'];
      return {
        method: upper,
        path,
        key: `${upper} ${path}`,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: op.requestBody?.content?.['application/json']?.schema,
        capability: /Capability `([^`]+)`/.exec(op.description ?? '')?.[1],
      };
    }),
  );

/** Query parameters that name an account, a provider or a thing: filled with the other's ids. */
const ID_QUERY = /^(account_id|user_id|user|provider_id|nhd_order_id|equity_enrollment_id|ids|checkout_id|plan_id)$/;
/** Body fields that name a thing by id (`checkout_id`, `nhd_order_id`, `provider_id` ...). */
const ID_FIELD = /(^id$|_id$|Id$)/;

const resolve = (schema: JsonSchema, doc: OpenApiDocument): JsonSchema => {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').at(-1) ?? '';
  return doc.components?.schemas?.[name] ?? {};
};

/** The id field's value: the other's id when it is of the field's kind, otherwise none (a fresh one is made). */
export type Fill = (field: string) => string | undefined;

let unique = 0;
/**
 * A minimal body valid-looking for `schema`: its required fields (and `withFields` of the top object), the first enum
 * value, the smallest number, today, an email nobody uses; a field that names a thing by id carries `fill(field)`.
 */
export const bodyFrom = (schema: JsonSchema, doc: OpenApiDocument, fill: Fill, field = '', withFields: readonly string[] = []): unknown => {
  const s = resolve(schema, doc);
  const first = s.anyOf?.[0] ?? s.oneOf?.[0];
  if (first) return bodyFrom(first, doc, fill, field, withFields);
  if (s.allOf) return Object.assign({}, ...s.allOf.map((part) => bodyFrom(part, doc, fill, field, withFields)));
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of [...(s.required ?? []), ...withFields]) out[name] = bodyFrom(s.properties?.[name] ?? {}, doc, fill, name);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 0) }, () => bodyFrom(s.items ?? {}, doc, fill, field));
    case 'integer':
    case 'number':
      return s.minimum !== undefined && s.minimum > 1 ? s.minimum : 1;
    case 'boolean':
      return s.default ?? true;
    case 'string': {
      if (ID_FIELD.test(field)) return fill(field) ?? randomUUID();
      unique += 1;
      if (s.format === 'email') return `scoping-${unique}-${randomUUID().slice(0, 6)}@example.test`;
      if (s.format === 'date') return new Date().toISOString().slice(0, 10);
      if (s.format === 'date-time') return new Date().toISOString();
      if (s.format === 'uuid') return randomUUID();
      return 'x'.repeat(Math.max(1, Math.min(s.minLength ?? 1, 500)));
    }
    default:
      return {};
  }
};

/**
 * The others' ids, each with its kinds: the fields it was seen under in their answers (`order_id`, `checkout_id`, `id`
 * ...). A body field takes an id of its kind (`nhd_order_id` an `order_id`): an id of another kind in a create would
 * only make the caller's own thing under that id, which is not the other's.
 */
export type OthersIds = ReadonlyMap<string, readonly string[]>;
const takes = (field: string, kinds: readonly string[]) => kinds.some((kind) => field === kind || (kind !== 'id' && field.endsWith(kind)));

/** A path parameter's value: `id` unless the schema asks for a number or one of a few names. */
const pathValue = (param: Parameter, id: string) => {
  const schema = param.schema ?? {};
  if (schema.enum) return String(schema.enum[0]);
  if (schema.type === 'integer' || schema.type === 'number') return param.name === 'width' ? '64' : '0';
  return encodeURIComponent(id);
};

/** Bodies by operation (`POST /api/v1/nhd/orders`) where the schema is too rich for `bodyFrom`, its id fields by `fill`. */
export type BodyTable = Readonly<Record<string, (fill: Fill) => unknown>>;

/** Whom one seeded owner is, for the list filters: their account id, provider and email. */
export interface OwnerKey {
  accountId: string;
  providerId: string | undefined;
  email: string;
}

export interface ScopedRequest {
  op: Operation;
  url: string;
  payload: unknown;
  /** What the request itself carries of the others' (an answer echoing it leaks nothing). */
  sent: readonly string[];
  /** The path names one of the others' things: a 2xx is not an answer a non-owner may get. */
  byOthersId: boolean;
}

/**
 * The requests for `op`: with path parameters, one per id of `ids` (every parameter filled with it, its body naming it
 * where a field takes its kind); without, the bare call, one per owner with its filters (`account_id`, `provider_id`
 * ..., `q` its email) and, for a body with a field of an id's kind, one per such id. `all: false`: the bare call only.
 */
export const requestsFor = (op: Operation, doc: OpenApiDocument, ids: OthersIds, owners: readonly OwnerKey[], { all = true, bodies = {} as BodyTable } = {}): ScopedRequest[] => {
  const table = bodies[op.key];
  const schema = op.body ? resolve(op.body, doc) : undefined;
  // Optional fields of the body that name a thing (a checkout's `nhd_order_id`, an invitation's `provider_id`): one
  // body per such field, besides the body of its required fields.
  const optionalIds = Object.keys(schema?.properties ?? {}).filter((name) => ID_FIELD.test(name) && !(schema?.required ?? []).includes(name));
  const fillWith = (id: string): Fill => (field) => (takes(field, ids.get(id) ?? []) ? id : undefined);
  const bodiesNaming = (id: string | undefined): unknown[] => {
    const fill: Fill = id === undefined ? () => undefined : fillWith(id);
    if (table) return [table(fill)];
    if (!op.body) return [undefined];
    const made = [bodyFrom(op.body, doc, fill), ...optionalIds.filter((name) => fill(name) !== undefined).map((name) => bodyFrom(op.body ?? {}, doc, fill, '', [name]))];
    return [...new Map(made.map((body) => [JSON.stringify(body), body])).values()];
  };
  const others = [...ids.keys()];
  if (op.pathParams.length > 0) {
    return (all ? others : others.slice(0, 1)).flatMap((id) =>
      (all ? bodiesNaming(id) : bodiesNaming(id).slice(0, 1)).map((payload) => ({
        op,
        url: op.path.replace(/\{(\w+)\}/g, (_, name: string) => pathValue(op.pathParams.find((p) => p.name === name) ?? { name, in: 'path' }, id)),
        payload,
        sent: [id],
        byOthersId: op.pathParams.some((p) => !p.schema?.enum && p.schema?.type !== 'integer'),
      })),
    );
  }
  const bare: ScopedRequest = { op, url: op.path, payload: bodiesNaming(undefined)[0], sent: [], byOthersId: false };
  if (!all) return [bare];
  const filtered = owners.flatMap((owner): ScopedRequest[] => {
    const query = new URLSearchParams();
    const sent: string[] = [];
    for (const param of op.queryParams) {
      const value = ID_QUERY.test(param.name) ? (param.name === 'provider_id' ? owner.providerId : owner.accountId) : param.name === 'q' ? owner.email : undefined;
      if (value === undefined) continue;
      query.set(param.name, value);
      sent.push(value);
    }
    return sent.length > 0 ? [{ op, url: `${op.path}?${query}`, payload: bare.payload, sent, byOthersId: false }] : [];
  });
  const naming = op.method === 'GET' ? [] : others.flatMap((id) => bodiesNaming(id).filter((payload) => JSON.stringify(payload ?? null).includes(id)).map((payload) => ({ op, url: op.path, payload, sent: [id], byOthersId: false })));
  return [bare, ...filtered, ...naming];
};

/** The secrets (ids, emails, names) `body` shows, leaving out what the request sent. */
export const leaksIn = (body: string, secrets: readonly string[], sent: readonly string[]) => {
  const lower = body.toLowerCase();
  return secrets.filter((secret) => !sent.includes(secret) && lower.includes(secret.toLowerCase()));
};

export interface Caller {
  label: string;
  headers: Record<string, string>;
  /** No token: refused every signed-in operation with 401 (a signed-in caller without the capability gets 403). */
  anonymous?: boolean;
  /** Whether the caller's role has the capability (the guard answers 403 before any id is read otherwise). */
  may: (capability: string | undefined) => boolean;
}

export type Inject = (options: InjectOptions & { url: string }) => Promise<{ statusCode: number; body: string }>;

export interface ScopingRun {
  doc: OpenApiDocument;
  ops: readonly Operation[];
  callers: readonly Caller[];
  ids: OthersIds;
  owners: readonly OwnerKey[];
  secrets: readonly string[];
  /** Public by design, with the reason: called (no 5xx) but not checked for what they show. */
  publicByDesign: Readonly<Record<string, string>>;
  /** Bodies of the operations the generator cannot build (`BodyTable`). */
  bodies?: BodyTable;
  /** Overseers (Super Admin, Admin): only checked for no 5xx. */
  overseer?: boolean;
}

/** A refused request: its operation and what it was (method, url, caller). */
export interface Refused {
  key: string;
  where: string;
}

const inEnvelope = (body: string): boolean => {
  try {
    const parsed = JSON.parse(body) as { success?: unknown; message?: unknown; code?: unknown };
    return parsed.success === false && typeof parsed.message === 'string' && typeof parsed.code === 'string';
  } catch {
    return false;
  }
};

/**
 * Every violation of the run: a 5xx, an answer other than 401 (anonymous) / 403 in the error envelope to a caller the
 * role table refuses the operation's capability, an answer showing another's id, email or name, or a 2xx to a call
 * naming another's thing in its path. A caller refused the operation's capability is called once (the guard answers
 * before any id). `covered`: each operation and caller called (a public operation by the first caller only: it reads
 * no token, so it answers every caller alike).
 */
export const scopingViolations = async (inject: Inject, run: ScopingRun): Promise<{ violations: string[]; calls: number; covered: Set<string>; refused: Map<string, Refused> }> => {
  const violations: string[] = [];
  const covered = new Set<string>();
  /** The refused requests by their request id (sent as `x-request-id`): the suite checks none of them wrote. */
  const refused = new Map<string, Refused>();
  const runId = randomUUID().slice(0, 8);
  let calls = 0;
  let ip = 0;
  for (const [index, caller] of run.callers.entries()) {
    for (const op of run.ops) {
      // A public operation answers every caller alike (no token is read): called by the first caller only, and its
      // body once (a sign-in hashes a password on every call).
      const isPublic = !op.capability;
      if (isPublic && index > 0) continue;
      const all = isPublic ? op.pathParams.length > 0 : caller.may(op.capability);
      const requests = requestsFor(op, run.doc, run.ids, run.owners, { all, ...(run.bodies ? { bodies: run.bodies } : {}) });
      covered.add(`${op.key} as ${isPublic ? 'anyone' : caller.label}`);
      for (const request of requests) {
        ip += 1;
        calls += 1;
        const response = await inject({
          method: op.method,
          url: request.url,
          headers: { ...caller.headers, 'x-request-id': `matrix-${runId}-${ip}` },
          remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
          ...(request.payload === undefined ? {} : { payload: request.payload as object }),
        });
        const where = `${op.method} ${request.url} as ${caller.label}`;
        if (response.statusCode >= 500) violations.push(`${where}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        else if (response.statusCode >= 400) {
          refused.set(`matrix-${runId}-${ip}`, { key: op.key, where });
          if (!inEnvelope(response.body)) violations.push(`${where}: ${response.statusCode} not in the error envelope ${response.body.slice(0, 200)}`);
        }
        if (!isPublic && !caller.may(op.capability)) {
          // The role table refuses it: the guard's answer, before anything of the request is read.
          const refusal = caller.anonymous ? 401 : 403;
          if (response.statusCode !== refusal) violations.push(`${where}: ${response.statusCode}, not ${refusal} (no ${op.capability}) ${response.body.slice(0, 200)}`);
          continue;
        }
        if (run.overseer || Object.hasOwn(run.publicByDesign, op.key)) continue;
        const leaked = leaksIn(response.body, run.secrets, request.sent);
        if (leaked.length > 0) violations.push(`${where}: ${response.statusCode} shows ${leaked.join(', ')}`);
        else if (request.byOthersId && response.statusCode < 300) violations.push(`${where}: ${response.statusCode} on another's id ${response.body.slice(0, 200)}`);
      }
    }
  }
  return { violations, calls, covered, refused };
};
