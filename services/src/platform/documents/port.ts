/** A read-model document; `_id` is the key within its collection. */
export type Doc = { _id: string } & Record<string, unknown>;

/** MongoDB filter syntax ($eq, $in, $gt, $gte, $lt, $lte, $ne, $regex, $exists, $and, $or ...). */
export type Filter = Record<string, unknown>;
export type Sort = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  limit?: number;
}

/** A MongoDB aggregation pipeline ($match, $group, $sort, $project, $limit, $count, $unwind, $facet ...). */
export type Pipeline = Record<string, unknown>[];

export interface Documents {
  upsert(collection: string, doc: Doc): Promise<void>;
  get(collection: string, id: string): Promise<Doc | null>;
  delete(collection: string, id: string): Promise<boolean>;
  find(collection: string, filter?: Filter, options?: FindOptions): Promise<Doc[]>;
  count(collection: string, filter?: Filter): Promise<number>;
  aggregate(collection: string, pipeline: Pipeline): Promise<Record<string, unknown>[]>;
  /** Removes every document of a collection (used by replay). */
  drop(collection: string): Promise<void>;
  /** Declares indexes on fields queried often; adapters that can use them do. */
  ensureIndexes(collection: string, fields: readonly string[]): Promise<void>;
  close(): Promise<void>;
}
