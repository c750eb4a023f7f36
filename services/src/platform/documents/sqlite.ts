import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { aggregate as mingoAggregate, find as mingoFind } from 'mingo';
import type { Doc, Documents, Filter, FindOptions, Pipeline, Sort } from './port.ts';
import { compileGroup, NotCompilable, type CompiledGroup } from './sqlite-group.ts';
import { compileFilter, compileSort, validPath, valueExpr, withTieBreaker, type FieldShapes } from './sqlite-query.ts';
import { documentTables, type DocumentTables } from './sqlite-tables.ts';

/**
 * Read models as JSON documents in the embedded SQLite file, queried with MongoDB filter syntax.
 * Filters and sorts SQL can express exactly run as SQL (indexes apply); the rest runs in mingo over
 * the rows the SQL part selected. The connection is shared: close() leaves it open.
 */
export const createSqliteDocuments = (db: DatabaseSync): Documents => {
  const tables = documentTables(db);
  return {
    upsert: async (collection, doc) => tables.upsert(collection, doc),
    get: async (collection, id) => tables.get(collection, id),
    delete: async (collection, id) => tables.delete(collection, id),
    find: async (collection, filter, options) => findSync(tables, collection, filter, options),
    count: async (collection, filter) => countSync(tables, collection, filter),
    aggregate: async (collection, pipeline) => aggregateSync(tables, collection, pipeline),
    drop: async (collection) => tables.drop(collection),
    ensureIndexes: async (_collection, fields) => ensureIndexesSync(tables, fields),
    close: async () => {},
  };
};

const parse = (rows: Record<string, unknown>[]): Doc[] => rows.map((row) => JSON.parse(String(row.body)) as Doc);

const limitClause = (options: FindOptions | undefined, params: SQLInputValue[]): string => {
  const skip = options?.skip ?? 0;
  const limit = options?.limit;
  if (limit === undefined || limit === 0) {
    // MongoDB reads limit 0 as "no limit".
    if (skip <= 0) return '';
    params.push(skip);
    return ' LIMIT -1 OFFSET ?';
  }
  params.push(Math.abs(limit), Math.max(0, skip));
  return ' LIMIT ? OFFSET ?';
};

export const findSync = (tables: DocumentTables, collection: string, filter?: Filter, options?: FindOptions): Doc[] => {
  const shapes = tables.shapes(collection);
  const compiled = compileFilter(filter, shapes);
  const params: SQLInputValue[] = [collection, ...compiled.params];
  const base = `SELECT body FROM documents WHERE collection = ? AND ${compiled.where}`;
  const order = compileSort(options?.sort, shapes);
  if (compiled.residual === null && order !== null) {
    const sql = `${base} ORDER BY ${order}${limitClause(options, params)}`;
    return parse(tables.all(sql, params));
  }
  const rows = parse(tables.all(base, params));
  let cursor = mingoFind(rows, compiled.residual ?? {}).sort(withTieBreaker(options?.sort as Sort | undefined));
  if (options?.skip) cursor = cursor.skip(options.skip);
  if (options?.limit) cursor = cursor.limit(Math.abs(options.limit));
  return cursor.all() as Doc[];
};

export const countSync = (tables: DocumentTables, collection: string, filter?: Filter): number => {
  const compiled = compileFilter(filter, tables.shapes(collection));
  const params: SQLInputValue[] = [collection, ...compiled.params];
  if (compiled.residual === null) {
    const row = tables.all(`SELECT COUNT(*) AS n FROM documents WHERE collection = ? AND ${compiled.where}`, params)[0];
    return Number(row?.n ?? 0);
  }
  const rows = parse(tables.all(`SELECT body FROM documents WHERE collection = ? AND ${compiled.where}`, params));
  return mingoFind(rows, compiled.residual).all().length;
};

const stageOf = (stage: Record<string, unknown> | undefined, name: string): unknown =>
  stage && Object.keys(stage).length === 1 && name in stage ? stage[name] : undefined;

type Rows = Record<string, unknown>[];

/**
 * `[$match] → $group → [$sort] → [$skip] → [$limit]`, and a `$facet` whose branches are each such a pipeline, a
 * `$count` or a filtered, sorted page, run as SQL (see sqlite-group.ts); what follows runs in mingo over their few
 * rows. Everything else reads the documents a leading $match (with a following $sort/$skip/$limit, or a $count)
 * selects in SQL, and mingo runs the rest. Reads share one snapshot, so facets and field shapes agree.
 */
export const aggregateSync = (tables: DocumentTables, collection: string, pipeline: Pipeline): Rows =>
  inReadTransaction(tables, () => {
    const compiled = compiledAggregate(tables, collection, pipeline, tables.shapes(collection));
    if (compiled) {
      try {
        return compiled();
      } catch (error) {
        if (!(error instanceof NotCompilable)) throw error;
      }
    }
    return findThenMingo(tables, collection, pipeline);
  });

const inReadTransaction = <T>(tables: DocumentTables, work: () => T): T => {
  const { db } = tables;
  if (db.isTransaction) return work();
  db.exec('BEGIN');
  try {
    return work();
  } finally {
    if (db.isTransaction) db.exec('COMMIT');
  }
};

const leadingMatch = (pipeline: Pipeline): { filter: Filter | undefined; next: number } => {
  const match = stageOf(pipeline[0], '$match');
  return match !== undefined ? { filter: match as Filter, next: 1 } : { filter: undefined, next: 0 };
};

const both = (a: Filter | undefined, b: Filter | undefined): Filter | undefined =>
  a === undefined ? b : b === undefined ? a : { $and: [a, b] };

const runGroup = (tables: DocumentTables, collection: string, group: CompiledGroup): Rows => {
  const statement = tables.statement(group.sql);
  statement.setReadBigInts(true); // integers past 2^53 would throw; outputs turn them into numbers as JSON.parse does
  return statement.all(collection, ...group.params).map(group.output);
};

/**
 * The compiled form of the pipeline, or undefined when it (or one facet branch) has none. Running it throws
 * NotCompilable when a document holds a value SQL cannot answer for exactly.
 */
export const compiledAggregate = (tables: DocumentTables, collection: string, pipeline: Pipeline, shapes: FieldShapes): (() => Rows) | undefined => {
  const { filter, next } = leadingMatch(pipeline);
  const then = (rows: Rows, used: number): Rows => (used < pipeline.length ? mingoAggregate(rows, pipeline.slice(used)) : rows);
  const group = compileGroup(filter, pipeline.slice(next), shapes);
  if (group) return () => then(runGroup(tables, collection, group), next + group.stages);

  const facet = stageOf(pipeline[next], '$facet');
  if (typeof facet !== 'object' || facet === null || Array.isArray(facet)) return undefined;
  const branches: [string, () => Rows][] = [];
  for (const [name, sub] of Object.entries(facet)) {
    if (!Array.isArray(sub)) return undefined;
    const inner = leadingMatch(sub as Pipeline);
    const branch: Pipeline = [{ $match: both(filter, inner.filter) ?? {} }, ...(sub as Pipeline).slice(inner.next)];
    const run = compiledBranch(tables, collection, branch, shapes);
    if (!run) return undefined;
    branches.push([name, run]);
  }
  return () => then([Object.fromEntries(branches.map(([name, run]) => [name, run()]))], next + 1);
};

/** A facet branch (starting with its $match): a compiled $group, a $count, or a page SQL selects, orders and bounds. */
const compiledBranch = (tables: DocumentTables, collection: string, branch: Pipeline, shapes: FieldShapes): (() => Rows) | undefined => {
  const filter = branch[0]!.$match as Filter;
  const group = compileGroup(filter, branch.slice(1), shapes);
  if (group) {
    return () => {
      const rows = runGroup(tables, collection, group);
      return 1 + group.stages < branch.length ? mingoAggregate(rows, branch.slice(1 + group.stages)) : rows;
    };
  }
  if (compileFilter(filter, shapes).residual !== null) return undefined;
  if (branch.length === 2 && typeof stageOf(branch[1], '$count') === 'string') return () => findThenMingo(tables, collection, branch);
  // Otherwise only a page: [$sort] [$skip] $limit, then mingo over its few documents.
  let i = 1;
  const sort = stageOf(branch[i], '$sort');
  if (sort !== undefined) {
    if (compileSort(sort as Sort, shapes) === null) return undefined;
    i++;
  }
  if (typeof stageOf(branch[i], '$skip') === 'number') i++;
  const limit = stageOf(branch[i], '$limit');
  if (typeof limit !== 'number' || limit <= 0) return undefined;
  if (branch.slice(i).some((stage) => stageOf(stage, '$facet') !== undefined)) return undefined;
  return () => findThenMingo(tables, collection, branch);
};

/**
 * A leading $match (with a following $sort/$skip/$limit, or a $count) runs as a find, so SQL does the
 * selection; mingo runs the rest of the pipeline.
 */
const findThenMingo = (tables: DocumentTables, collection: string, pipeline: Pipeline): Rows => {
  const { filter, next } = leadingMatch(pipeline);
  let i = next;
  const count = stageOf(pipeline[i], '$count');
  if (typeof count === 'string' && i === pipeline.length - 1) {
    // MongoDB's $count emits nothing for no documents (mingo would say 0).
    const n = countSync(tables, collection, filter);
    return n === 0 ? [] : [{ [count]: n }];
  }
  const options: FindOptions = {};
  const sort = stageOf(pipeline[i], '$sort');
  if (sort !== undefined) {
    options.sort = sort as Sort;
    i++;
  }
  const skip = stageOf(pipeline[i], '$skip');
  if (typeof skip === 'number') {
    options.skip = skip;
    i++;
  }
  const limit = stageOf(pipeline[i], '$limit');
  if (typeof limit === 'number' && limit > 0) {
    options.limit = limit;
    i++;
  }
  const docs = findSync(tables, collection, filter, options);
  const rest = pipeline.slice(i);
  return rest.length === 0 ? docs : mingoAggregate(docs, rest);
};

/** Expression indexes on (collection, field, id); one per field serves every collection. */
export const ensureIndexesSync = (tables: DocumentTables, fields: readonly string[]): void => {
  for (const field of fields) {
    if (field === '_id' || !validPath(field)) continue;
    const name = `documents_by_${field}`;
    tables.db.exec(`CREATE INDEX IF NOT EXISTS "${name}" ON documents (collection, ${valueExpr(field)}, id)`);
  }
};
