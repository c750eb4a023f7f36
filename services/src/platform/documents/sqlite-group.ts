import type { SQLInputValue } from 'node:sqlite';
import type { Filter, Pipeline } from './port.ts';
import { compileFilter, scalarPath, typeExpr, valueExpr, type FieldShapes } from './sqlite-query.ts';

/**
 * Compiles `[$match] → $group → [$sort] → [$skip] → [$limit]` to one `SELECT ... GROUP BY` where SQLite's answer
 * is MongoDB's. Grouping compares values the way SQLite does, which agrees with MongoDB for numbers, strings and
 * null/missing (one group, `_id: null`), so a grouped path must only ever have held those, or only booleans
 * (json_extract's 0/1, turned back into booleans); objects and arrays stay in mingo. Groups come out in the order
 * mingo gives them (first seen in `_id` order) wherever the pipeline's own $sort leaves ties.
 */

/** Raised from SQL (doc_not_compilable) by a row whose value the compiled expression cannot answer exactly. */
export class NotCompilable extends Error {
  constructor(value: unknown) {
    super(`not compilable to SQL: ${String(value)}`);
  }
}

export interface CompiledGroup {
  sql: string;
  params: SQLInputValue[];
  /** The $group output document of one result row (read with BigInts). */
  output(row: Record<string, unknown>): Record<string, unknown>;
  /** How many stages, from the $group on, the SQL covers. */
  stages: number;
}

type Types = ReadonlySet<string>;

const NUMBERS = ['integer', 'real'];
const only = (types: Types, allowed: readonly string[]): boolean => [...types].every((t) => t === 'null' || allowed.includes(t));
const typesAt = (path: string, shapes: FieldShapes): Types => (path === '_id' ? new Set(['text']) : (shapes.get(path) ?? new Set()));

/** `'$a.b'` → `'a.b'` when it names a path without arrays on it (MongoDB would reach into them). */
const pathOf = (operand: unknown, shapes: FieldShapes): string | undefined => {
  if (typeof operand !== 'string' || !operand.startsWith('$') || operand.startsWith('$$')) return undefined;
  const path = operand.slice(1);
  return scalarPath(path, shapes) ? path : undefined;
};

const plainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

const singleKey = (value: unknown): [string, unknown] | undefined => {
  if (!plainObject(value)) return undefined;
  const entries = Object.entries(value);
  return entries.length === 1 ? entries[0] : undefined;
};

const nonNegativeInteger = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

const fromSql = (value: unknown): unknown => (typeof value === 'bigint' ? Number(value) : value);

interface Key {
  /** Grouping expression; null for a constant `_id` (one group). */
  sql: string | null;
  value(raw: unknown): unknown;
}

/** A string path read for a string operator: only strings (or null/missing) ever stored there. */
const stringPath = (operand: unknown, shapes: FieldShapes): string | undefined => {
  const path = pathOf(operand, shapes);
  return path !== undefined && only(typesAt(path, shapes), ['text']) ? path : undefined;
};

/** ISO strings as `Date#toISOString` writes them (UTC, milliseconds); SQLite's strftime rolls invalid dates over. */
const canonicalIso = (x: string): string => `(strftime('%Y-%m-%dT%H:%M:%fZ', ${x}) IS ${x} AND substr(${x}, 12, 2) < '24')`;

const compileKey = (id: unknown, shapes: FieldShapes): Key | undefined => {
  if (id === null || typeof id === 'boolean' || (typeof id === 'number' && Number.isFinite(id))) return { sql: null, value: () => id };
  if (typeof id === 'string' && !id.startsWith('$')) return { sql: null, value: () => id };
  if (typeof id === 'string') {
    const path = pathOf(id, shapes);
    if (path === undefined) return undefined;
    const types = typesAt(path, shapes);
    if (only(types, [...NUMBERS, 'text'])) return { sql: valueExpr(path), value: fromSql };
    // json_extract reads booleans as 0/1; with no numbers at the path they cannot collide.
    if (only(types, ['true', 'false'])) return { sql: valueExpr(path), value: (raw) => (raw === null ? null : fromSql(raw) === 1) };
    return undefined;
  }
  const [op, args] = singleKey(id) ?? [];
  if ((op === '$substrCP' || op === '$substrBytes' || op === '$substr') && Array.isArray(args) && args.length === 3) {
    const [operand, start, count] = args as unknown[];
    const path = stringPath(operand, shapes);
    if (path === undefined || !nonNegativeInteger(start) || !nonNegativeInteger(count)) return undefined;
    const x = valueExpr(path);
    // MongoDB: null or missing gives ''. SQLite's substr counts code points in text, as $substrCP does.
    if (op === '$substrCP') return { sql: `COALESCE(substr(${x}, ${start + 1}, ${count}), '')`, value: fromSql };
    // Bytes are code points in ASCII; past the end, or in other text, mingo and MongoDB may raise: they decide.
    return {
      sql: `CASE WHEN ${x} IS NULL THEN '' WHEN length(${x}) = octet_length(${x}) AND length(${x}) >= ${start + count} THEN substr(${x}, ${start + 1}, ${count}) ELSE doc_not_compilable(${x}) END`,
      value: fromSql,
    };
  }
  if (op === '$dateToString' && plainObject(args) && Object.keys(args).length === 2 && args.format === '%Y-%m-%d') {
    // { date: { $dateFromString: { dateString: '$path' } } }: parsing a canonical UTC ISO string and printing its day
    // is its first ten characters; any other string (offsets, bare dates, invalid days) goes to mingo.
    const [fromString, parse] = singleKey(args.date) ?? [];
    const [name, operand] = singleKey(parse) ?? [];
    const path = fromString === '$dateFromString' && name === 'dateString' ? stringPath(operand, shapes) : undefined;
    if (path === undefined) return undefined;
    const x = valueExpr(path);
    return {
      sql: `CASE WHEN ${x} IS NULL THEN NULL WHEN ${canonicalIso(x)} THEN substr(${x}, 1, 10) ELSE doc_not_compilable(${x}) END`,
      value: fromSql,
    };
  }
  return undefined;
};

/** Only the numbers at a path: MongoDB's $sum and $avg skip everything else (json_extract would read true as 1). */
const numbersAt = (path: string, shapes: FieldShapes): string =>
  only(typesAt(path, shapes), NUMBERS) ? valueExpr(path) : `CASE WHEN ${typeExpr(path)} IN ('integer','real') THEN ${valueExpr(path)} END`;

const compileAccumulator = (spec: unknown, shapes: FieldShapes): string | undefined => {
  const [op, arg] = singleKey(spec) ?? [];
  if (op === '$count') return plainObject(arg) && Object.keys(arg).length === 0 ? 'COUNT(*)' : undefined;
  if (op === '$sum' && Number.isSafeInteger(arg)) return arg === 1 ? 'COUNT(*)' : `(${arg as number}) * COUNT(*)`;
  const path = pathOf(arg, shapes);
  if (path === undefined) return undefined;
  // TOTAL and AVG add with compensation, as MongoDB's $sum and $avg do (mingo adds naively).
  if (op === '$sum') return `TOTAL(${numbersAt(path, shapes)})`;
  if (op === '$avg') return `AVG(${numbersAt(path, shapes)})`;
  // NULL < numbers < strings in both orders; MIN and MAX skip NULL as $min and $max skip null and missing.
  if ((op === '$min' || op === '$max') && only(typesAt(path, shapes), [...NUMBERS, 'text'])) return `${op.slice(1).toUpperCase()}(${valueExpr(path)})`;
  return undefined;
};

const OUTPUT_NAME = /^[^$.][^.]*$/;

const stageOf = (stage: Record<string, unknown> | undefined, name: string): unknown =>
  stage && Object.keys(stage).length === 1 && name in stage ? stage[name] : undefined;

/** `stages` starts at the $group; undefined when any part cannot be SQL that answers exactly as MongoDB. */
export const compileGroup = (filter: Filter | undefined, stages: Pipeline, shapes: FieldShapes): CompiledGroup | undefined => {
  const spec = stageOf(stages[0], '$group');
  if (!plainObject(spec) || !('_id' in spec)) return undefined;
  const where = compileFilter(filter, shapes);
  if (where.residual !== null) return undefined;
  const key = compileKey(spec._id, shapes);
  if (!key) return undefined;

  // With a filter, SQLite may walk the grouped path's index to skip a sort and read every document's body to test
  // the filter; `+` (a no-op) keeps it on the filter's index, so only the matched documents are read.
  const keySql = key.sql !== null && where.where !== '1' ? `+${key.sql}` : key.sql;
  const columns = new Map<string, string>([['_id', 'k']]); // output field → SQL column
  const select = [`${keySql ?? 'NULL'} AS k`];
  for (const [name, accumulator] of Object.entries(spec)) {
    if (name === '_id') continue;
    const sql = compileAccumulator(accumulator, shapes);
    if (sql === undefined || !OUTPUT_NAME.test(name)) return undefined;
    const column = `a${columns.size}`;
    columns.set(name, column);
    select.push(`${sql} AS ${column}`);
  }

  let used = 1;
  const order: string[] = [];
  const sort = stageOf(stages[used], '$sort');
  if (plainObject(sort) && Object.keys(sort).length > 0) {
    for (const [name, direction] of Object.entries(sort)) {
      const column = columns.get(name);
      if (column === undefined || (direction !== 1 && direction !== -1)) return undefined;
      order.push(`${column} ${direction === 1 ? 'ASC' : 'DESC'}`);
    }
    used++;
  }
  // Ties keep the order groups were first seen in, reading documents by _id (what mingo does).
  if (key.sql !== null && !(plainObject(sort) && '_id' in sort)) order.push('MIN(id)');

  const params: SQLInputValue[] = [...where.params];
  let page = '';
  const skip = stageOf(stages[used], '$skip');
  const skipped = nonNegativeInteger(skip) ? skip : 0;
  if (nonNegativeInteger(skip)) used++;
  const limit = stageOf(stages[used], '$limit');
  if (Number.isSafeInteger(limit) && (limit as number) > 0) {
    used++;
    page = ' LIMIT ? OFFSET ?';
    params.push(limit as number, skipped);
  } else if (skipped > 0) {
    page = ' LIMIT -1 OFFSET ?';
    params.push(skipped);
  }

  // A constant _id is one group, which MongoDB only emits when some document went into it.
  const grouping = keySql === null ? ' HAVING COUNT(*) > 0' : ` GROUP BY ${keySql}`;
  const sql =
    `SELECT ${select.join(', ')} FROM documents WHERE collection = ? AND ${where.where}${grouping}` +
    `${order.length ? ` ORDER BY ${order.join(', ')}` : ''}${page}`;
  return {
    sql,
    params,
    stages: used,
    output: (row) => {
      const doc: Record<string, unknown> = { _id: key.value(row.k) };
      for (const [name, column] of columns) if (name !== '_id') doc[name] = fromSql(row[column]);
      return doc;
    },
  };
};
