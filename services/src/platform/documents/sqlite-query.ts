import type { SQLInputValue } from 'node:sqlite';
import type { Filter, Sort } from './port.ts';

/**
 * Compiles the common subset of MongoDB filter syntax to SQL over `json_extract(body, ...)`.
 * What cannot be compiled exactly stays in `residual`, which the caller evaluates with mingo, so
 * results are the same either way. Exactness rests on `FieldShapes`: the JSON types each path has
 * ever held in the collection. A path that has held an array (at itself or a prefix) is never
 * compiled, because MongoDB matches array elements there.
 */

/** path (dotted) → JSON types seen there ('null','true','false','integer','real','text','array','object'). */
export type FieldShapes = ReadonlyMap<string, ReadonlySet<string>>;

export interface CompiledFilter {
  /** SQL boolean expression ('1' when everything is residual). */
  where: string;
  params: SQLInputValue[];
  /** Part of the filter SQL could not express exactly; null when none. */
  residual: Filter | null;
}

interface Sql {
  sql: string;
  params: SQLInputValue[];
}

const SEGMENT = /^[A-Za-z_@][\w@-]*$/;

/** SQL string literal of the JSON path; used as a literal (not a parameter) so expression indexes match. */
export const jsonPath = (path: string): string => `'$.${path.split('.').map((segment) => `"${segment}"`).join('.')}'`;

/** The expression an index on `path` is built on; find and sort use the same text. */
export const valueExpr = (path: string): string => (path === '_id' ? 'id' : `json_extract(body, ${jsonPath(path)})`);
export const typeExpr = (path: string): string => (path === '_id' ? `'text'` : `json_type(body, ${jsonPath(path)})`);

export const validPath = (path: string): boolean => path.split('.').every((segment) => SEGMENT.test(segment));

/** True when no prefix of the path (itself included) has held an array. */
export const scalarPath = (path: string, shapes: FieldShapes): boolean => {
  if (path === '_id') return true;
  if (!validPath(path)) return false;
  const segments = path.split('.');
  for (let i = 1; i <= segments.length; i++) {
    if (shapes.get(segments.slice(0, i).join('.'))?.has('array')) return false;
  }
  return true;
};

type Scalar = { kind: 'text'; value: string } | { kind: 'number'; value: number } | { kind: 'bool'; value: boolean } | { kind: 'null' };

const scalar = (value: unknown): Scalar | undefined => {
  if (value === null) return { kind: 'null' };
  if (typeof value === 'string') return { kind: 'text', value };
  if (typeof value === 'number' && Number.isFinite(value)) return { kind: 'number', value };
  if (typeof value === 'boolean') return { kind: 'bool', value };
  return undefined;
};

const NUMBER_TYPES = `('integer','real')`;

/**
 * The JSON types a path holds decide which type checks SQL needs: json_extract returns booleans as 0/1
 * and objects as JSON text, and SQLite orders every number before every string. Where the recorded
 * types make a check redundant it is left out, so the expression index alone answers (covering counts).
 */
interface Field {
  x: string; // value expression
  t: string; // json_type expression
  /** json_extract equality with a string can only hit strings. */
  textEqSafe: boolean;
  /** json_extract equality with a number can only hit numbers. */
  numberEqSafe: boolean;
  /** Only strings (or null/missing) are stored here. */
  onlyText: boolean;
  /** Only numbers (or null/missing) are stored here. */
  onlyNumbers: boolean;
  /** Only booleans (or null/missing) are stored here. */
  onlyBooleans: boolean;
}

const field = (path: string, shapes: FieldShapes): Field => {
  if (path === '_id') {
    // The id column has TEXT affinity: `id = 5` would match '5', so numbers keep their (always false) type check.
    return { x: 'id', t: `'text'`, textEqSafe: true, numberEqSafe: false, onlyText: true, onlyNumbers: false, onlyBooleans: false };
  }
  const types = shapes.get(path) ?? new Set<string>();
  const only = (allowed: string[]) => [...types].every((type) => type === 'null' || allowed.includes(type));
  return {
    x: valueExpr(path),
    t: typeExpr(path),
    textEqSafe: !types.has('object') && !types.has('array'),
    numberEqSafe: !types.has('true') && !types.has('false'),
    onlyText: only(['text']),
    onlyNumbers: only(['integer', 'real']),
    onlyBooleans: only(['true', 'false']),
  };
};

/** Positive equality; may be NULL (unknown) when the field is missing, which only ever sits under AND/OR. */
const eqPositive = (f: Field, v: Scalar): Sql => {
  switch (v.kind) {
    case 'null':
      return { sql: `${f.x} IS NULL`, params: [] };
    case 'text':
      return { sql: f.textEqSafe ? `${f.x} = ?` : `(${f.x} = ? AND ${f.t} = 'text')`, params: [v.value] };
    case 'number':
      return { sql: f.numberEqSafe ? `${f.x} = ?` : `(${f.x} = ? AND ${f.t} IN ${NUMBER_TYPES})`, params: [v.value] };
    case 'bool': {
      const x = `${f.x} = ${v.value ? 1 : 0}`;
      return { sql: f.onlyBooleans ? x : `(${x} AND ${f.t} = '${v.value ? 'true' : 'false'}')`, params: [] };
    }
  }
};

/** Two-valued equality (never NULL), safe under NOT. */
const eqExact = (f: Field, v: Scalar): Sql => {
  switch (v.kind) {
    case 'null':
      return { sql: `${f.x} IS NULL`, params: [] };
    case 'text':
      return { sql: f.textEqSafe ? `${f.x} IS ?` : `(${f.x} IS ? AND ${f.t} IS 'text')`, params: [v.value] };
    case 'number':
      return { sql: f.numberEqSafe ? `${f.x} IS ?` : `(${f.x} IS ? AND (${f.t} IS 'integer' OR ${f.t} IS 'real'))`, params: [v.value] };
    case 'bool':
      return { sql: `${f.t} IS '${v.value ? 'true' : 'false'}'`, params: [] };
  }
};

const join = (parts: Sql[], op: 'AND' | 'OR', empty: string): Sql => {
  if (parts.length === 0) return { sql: empty, params: [] };
  if (parts.length === 1) return parts[0]!;
  return { sql: `(${parts.map((p) => p.sql).join(` ${op} `)})`, params: parts.flatMap((p) => p.params) };
};

const inPositive = (f: Field, values: Scalar[]): Sql => {
  const parts: Sql[] = [];
  const texts = values.flatMap((v) => (v.kind === 'text' ? [v.value] : []));
  const numbers = values.flatMap((v) => (v.kind === 'number' ? [v.value] : []));
  const list = (n: number) => `${f.x} IN (${Array.from({ length: n }, () => '?').join(',')})`;
  if (texts.length) parts.push({ sql: f.textEqSafe ? list(texts.length) : `(${list(texts.length)} AND ${f.t} = 'text')`, params: texts });
  if (numbers.length) {
    parts.push({ sql: f.numberEqSafe ? list(numbers.length) : `(${list(numbers.length)} AND ${f.t} IN ${NUMBER_TYPES})`, params: numbers });
  }
  for (const v of values) if (v.kind === 'bool' || v.kind === 'null') parts.push(eqPositive(f, v));
  return join(parts, 'OR', '0');
};

const REGEX_META = new Set([...'\\^$.|?*+()[]{}']);

/** Literal prefix of an anchored pattern (`^abc...`), so an index range can narrow the scan. */
const anchoredPrefix = (source: string): string => {
  if (!source.startsWith('^')) return '';
  let prefix = '';
  for (let i = 1; i < source.length; i++) {
    const c = source[i]!;
    if (REGEX_META.has(c)) {
      // A quantifier applies to the previous character, which then is not certain.
      if ('?*{'.includes(c)) prefix = prefix.slice(0, -1);
      break;
    }
    prefix += c;
  }
  return prefix;
};

const regexSql = (f: Field, source: string, flags: string): Sql | undefined => {
  if (!/^[ims]*$/.test(flags)) return undefined;
  try {
    new RegExp(source, flags);
  } catch {
    return undefined;
  }
  const x = f.x;
  // doc_regexp only matches strings; objects and arrays come out of json_extract as JSON text.
  const parts: Sql[] = f.textEqSafe ? [] : [{ sql: `${f.t} = 'text'`, params: [] }];
  const prefix = flags.includes('i') || flags.includes('m') ? '' : anchoredPrefix(source);
  const last = prefix.charCodeAt(prefix.length - 1);
  if (prefix && last < 0xd800) {
    parts.push({ sql: `${x} >= ? AND ${x} < ?`, params: [prefix, prefix.slice(0, -1) + String.fromCharCode(last + 1)] });
  }
  parts.push({ sql: `doc_regexp(?, ?, ${x})`, params: [source, flags] });
  return join(parts, 'AND', '1');
};

const RANGE: Record<string, string> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

const isOperatorObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RegExp) &&
  Object.getPrototypeOf(value) === Object.prototype && Object.keys(value).length > 0 && Object.keys(value).every((k) => k.startsWith('$'));

/** One field's condition, or undefined when it cannot be compiled exactly. */
const compileField = (path: string, condition: unknown, shapes: FieldShapes): Sql | undefined => {
  if (!scalarPath(path, shapes)) return undefined;
  const f = field(path, shapes);
  if (condition instanceof RegExp) return regexSql(f, condition.source, condition.flags);
  if (!isOperatorObject(condition)) {
    const v = scalar(condition);
    return v && eqPositive(f, v);
  }
  const parts: Sql[] = [];
  for (const [op, operand] of Object.entries(condition)) {
    if (op === '$eq' || op === '$ne') {
      const v = scalar(operand);
      if (!v) return undefined;
      if (op === '$eq') parts.push(eqPositive(f, v));
      else {
        const e = eqExact(f, v);
        parts.push({ sql: `NOT ${e.sql}`, params: e.params });
      }
    } else if (op === '$in' || op === '$nin') {
      if (!Array.isArray(operand)) return undefined;
      const values = operand.map(scalar);
      if (values.some((v) => v === undefined)) return undefined;
      const defined = values as Scalar[];
      if (op === '$in') parts.push(inPositive(f, defined));
      else {
        const e = join(defined.map((v) => eqExact(f, v)), 'OR', '0');
        parts.push({ sql: `NOT ${e.sql}`, params: e.params });
      }
    } else if (op in RANGE) {
      const v = scalar(operand);
      if (!v || (v.kind !== 'text' && v.kind !== 'number')) return undefined;
      const safe = v.kind === 'text' ? f.onlyText : f.onlyNumbers;
      const check = v.kind === 'text' ? `${f.t} = 'text'` : `${f.t} IN ${NUMBER_TYPES}`;
      parts.push({ sql: safe ? `${f.x} ${RANGE[op]} ?` : `(${f.x} ${RANGE[op]} ? AND ${check})`, params: [v.value] });
    } else if (op === '$exists') {
      if (typeof operand !== 'boolean') return undefined;
      parts.push({ sql: `${f.t} IS ${operand ? 'NOT NULL' : 'NULL'}`, params: [] });
    } else if (op === '$regex') {
      const options = condition.$options;
      if (options !== undefined && typeof options !== 'string') return undefined;
      let compiled: Sql | undefined;
      if (typeof operand === 'string') compiled = regexSql(f, operand, options ?? '');
      else if (operand instanceof RegExp && (options === undefined || options === operand.flags)) {
        compiled = regexSql(f, operand.source, operand.flags);
      }
      if (!compiled) return undefined;
      parts.push(compiled);
    } else if (op === '$options') {
      if (!('$regex' in condition)) return undefined;
    } else {
      return undefined;
    }
  }
  return join(parts, 'AND', '1');
};

/** Splits the filter into SQL conjuncts and a residual for mingo. */
export const compileFilter = (filter: Filter | undefined, shapes: FieldShapes): CompiledFilter => {
  const sql: Sql[] = [];
  const residual: Filter[] = [];
  const visit = (f: Filter): void => {
    for (const [key, condition] of Object.entries(f)) {
      if (key === '$and' && Array.isArray(condition) && condition.length > 0 && condition.every(isPlainObject)) {
        for (const branch of condition as Filter[]) visit(branch);
      } else if (key === '$or' && Array.isArray(condition) && condition.length > 0 && condition.every(isPlainObject)) {
        const branches = (condition as Filter[]).map((branch) => compileFilter(branch, shapes));
        if (branches.every((b) => b.residual === null)) {
          sql.push(join(branches.map((b) => ({ sql: b.where, params: b.params })), 'OR', '0'));
        } else residual.push({ [key]: condition });
      } else if (key.startsWith('$')) {
        residual.push({ [key]: condition });
      } else {
        const compiled = compileField(key, condition, shapes);
        if (compiled) sql.push(compiled);
        else residual.push({ [key]: condition });
      }
    }
  };
  if (filter) visit(filter);
  const where = join(sql, 'AND', '1');
  return {
    where: where.sql,
    params: where.params,
    residual: residual.length === 0 ? null : residual.length === 1 ? residual[0]! : { $and: residual },
  };
};

const isPlainObject = (value: unknown): value is Filter =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RegExp);

/** Sort spec with `_id` appended as tie-breaker, so pages are stable and both paths agree. */
export const withTieBreaker = (sort: Sort | undefined): Sort => {
  if (!sort || Object.keys(sort).length === 0) return { _id: 1 };
  if ('_id' in sort) return sort;
  const directions = Object.values(sort);
  return { ...sort, _id: directions[directions.length - 1] ?? 1 };
};

/**
 * ORDER BY for a sort spec, or null when SQLite's order would differ from MongoDB's
 * (objects, arrays, booleans mixed with numbers or strings: SQLite sees booleans as 0/1).
 */
export const compileSort = (sort: Sort | undefined, shapes: FieldShapes): string | null => {
  const terms: string[] = [];
  for (const [path, direction] of Object.entries(withTieBreaker(sort))) {
    if (direction !== 1 && direction !== -1) return null;
    if (!scalarPath(path, shapes)) return null;
    const types = shapes.get(path) ?? new Set<string>();
    if (types.has('object') || types.has('array')) return null;
    const bool = types.has('true') || types.has('false');
    if (bool && (types.has('integer') || types.has('real') || types.has('text'))) return null;
    terms.push(`${valueExpr(path)} ${direction === 1 ? 'ASC' : 'DESC'}`);
  }
  return terms.join(', ');
};
