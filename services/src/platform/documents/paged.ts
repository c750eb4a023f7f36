import type { ListRequest, Page } from '@acpg/contracts/http';
import type { Doc, Documents, Filter, Sort } from './port.ts';

export interface PagedListOptions<T> {
  /** The list's filters, in MongoDB syntax. */
  filter?: Filter;
  /** Fields that break ties after the sort field, in the order asked; `_id` always comes last. */
  thenBy?: readonly string[];
  toItem: (doc: Doc) => T;
}

/** The sort field, then `thenBy`, then `_id`, all in the order asked: a total order, so pages never overlap or skip. */
export const listSort = (request: Pick<ListRequest, 'sort' | 'order'>, thenBy: readonly string[] = []): Sort => {
  const direction = request.order === 'asc' ? 1 : -1;
  const sort: Sort = { [request.sort]: direction };
  for (const field of [...thenBy, '_id']) if (!(field in sort)) sort[field] = direction;
  return sort;
};

/** One page of a collection, with the total of the filtered list: what every list route answers. */
export const findPage = async <T>(documents: Documents, collection: string, request: ListRequest, options: PagedListOptions<T>): Promise<Page<T>> => {
  const { page, page_size } = request;
  const filter = options.filter ?? {};
  const [docs, total] = await Promise.all([
    documents.find(collection, filter, { sort: listSort(request, options.thenBy), skip: (page - 1) * page_size, limit: page_size }),
    documents.count(collection, filter),
  ]);
  return { items: docs.map(options.toItem), total, page, page_size };
};
