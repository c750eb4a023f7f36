/**
 * Label values of the Prometheus series, each from a bounded set: a label that took a raw URL, an id or a free text
 * would make a series per value (and a scrape as large as the traffic).
 */

const METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** An HTTP method as a label: the usual ones as they are, anything else `OTHER`. */
export const methodLabel = (method: string): string => (METHODS.has(method) ? method : 'OTHER');

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

/** `2xx`, `4xx` ...: the status class, never the code (`5xx` for anything out of range). */
export const statusClassLabel = (status: number): string => STATUS_CLASSES[Math.floor(status / 100) - 1] ?? '5xx';

/** The label of a request no route matched (a 404 of the router): its URL is the client's text, never a label. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** The route's template (`/api/v1/orders/:order_id`), as Fastify matched it; `(unmatched)` when none did. */
export const routeLabel = (template: string | undefined): string => (template === undefined || template === '' ? UNMATCHED_ROUTE : template);

/** The label of a stream no module of this build names. */
export const OTHER_MODULE = 'other';

/**
 * The module of a stream (`<module>-<aggregate>-<id>`) when it is one of `modules`, else `other`: the label set is the
 * module list, whatever a stream id holds. Allocates nothing (it runs for every appended event).
 */
export const moduleLabeler = (modules: readonly string[]): ((stream: string) => string) => {
  const names = [...new Set(modules)];
  return (stream) => {
    for (const name of names) if (stream.startsWith(name) && (stream.length === name.length || stream.charCodeAt(name.length) === 45)) return name;
    return OTHER_MODULE;
  };
};
