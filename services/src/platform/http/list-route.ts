import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ErrorEnvelope, okEnvelope, pageOf, type ListRequest } from '@acpg/contracts/http';
import type { Principal, RouteAuth } from '../auth/port.ts';
import type { Doc, Filter } from '../documents/port.ts';
import { findPage } from '../documents/paged.ts';
import type { Platform } from '../module.ts';
import type { Projection } from '../projections/port.ts';
import { callerOf } from './caller.ts';

/** The refusals of a signed-in user's own list: a bad query, not signed in. */
export const OWN_LIST_REFUSALS = { 400: ErrorEnvelope, 401: ErrorEnvelope } as const;
/** The refusals of a list for some roles only: a bad query, not signed in, not one of its roles. */
export const ROLE_LIST_REFUSALS = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope } as const;

/** What a paged list route says in the API document, and how it reads its page of a read model. */
export interface ListRouteSpec<Query extends ListRequest, Item> {
  url: string;
  /** Who may call it: a signed-in route (any role, or these roles). */
  auth: Exclude<RouteAuth, 'public'>;
  tags: string[];
  summary: string;
  /** The contract's `listQuery(...)`. */
  querystring: z.ZodType<Query>;
  /** One row of the page as the contract says. */
  item: z.ZodType<Item>;
  /** The refusals' statuses, each an `ErrorEnvelope` (`OWN_LIST_REFUSALS`, `ROLE_LIST_REFUSALS` ...). */
  refusals: Readonly<Record<number, z.ZodType>>;
  collection: string;
  /** Fields that break ties after the sort field (`findPage`). */
  thenBy?: readonly string[];
  /** The query's filters as a documents filter for this caller; `null` when the caller may see no rows (an empty page). */
  filter?: (query: Query, caller: Principal, now: Date) => Filter | null | Promise<Filter | null>;
  toItem: (doc: Doc, now: Date) => Item;
  /** The caller's own list shows what they did a moment ago: it is read once this projection has caught up with the log. */
  ownWrites?: Projection;
}

/** GET one page of a read model, filtered, sorted and paged on the server (`findPage`): what every list route answers. */
export const listRoute = <Query extends ListRequest, Item>(fastify: FastifyInstance, platform: Platform, spec: ListRouteSpec<Query, Item>) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const schema = {
    tags: spec.tags,
    summary: spec.summary,
    security: [{ bearer: [] }],
    querystring: spec.querystring,
    response: { 200: okEnvelope(pageOf(spec.item)), ...spec.refusals },
  };
  app.get(spec.url, { config: { auth: spec.auth }, schema }, async (request) => {
    const query = request.query as Query;
    const now = platform.clock();
    const filter = spec.filter ? await spec.filter(query, callerOf(request), now) : {};
    if (!filter) return { success: true as const, data: { items: [], total: 0, page: query.page, page_size: query.page_size } };
    if (spec.ownWrites) await platform.caughtUp(spec.ownWrites, { waitMs: 1000 });
    const data = await findPage(platform.documents, spec.collection, query, { filter, thenBy: spec.thenBy, toItem: (doc) => spec.toItem(doc, now) });
    return { success: true as const, data };
  });
};
