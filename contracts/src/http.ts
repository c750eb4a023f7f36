import { z } from 'zod';

/** `{ success, data, message }`: the spec's response envelope. */
export const okEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data, message: z.string().optional() });

/** Control characters (NUL, line breaks ...) and bidirectional overrides, which only disguise what a name shows. */
const HIDDEN_CHARACTERS = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** A one-line text a person typed (a name, an address line): refused when it holds hidden characters. */
export const withoutHiddenCharacters = (text: z.ZodString) =>
  text.refine((value) => !HIDDEN_CHARACTERS.test(value), 'Remove the control or direction characters');

export const ErrorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** On every 429 (also sent as the Retry-After header): whole seconds to wait before trying again. */
  retry_after_seconds: z.number().int().nonnegative().optional(),
  /** On 409 SIGN_UP_STEPS_MISSING: the sign-up steps (`SignUpStep`) to finish first, in the wizard's order. */
  missing_steps: z.array(z.string()).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** Far past any stream's length: a larger `min_version` is a client's mistake. */
export const MAX_VERSION = 1_000_000_000;
const MIN_VERSION_MESSAGE = `min_version must be a whole number from 0 to ${MAX_VERSION.toLocaleString('en-US')}`;

/**
 * Read your own write: a command answers the entity with the `version` it wrote, and a read of that entity may ask for
 * `min_version`; the server then waits (bounded) for its read model to hold at least that version before it answers.
 */
export const MinVersionQuery = z.object({
  min_version: z.coerce
    .number({ error: MIN_VERSION_MESSAGE })
    .int({ error: MIN_VERSION_MESSAGE, abort: true })
    .min(0, MIN_VERSION_MESSAGE)
    .max(MAX_VERSION, MIN_VERSION_MESSAGE)
    .optional(),
});
export type MinVersionQuery = z.infer<typeof MinVersionQuery>;

/** Every list in the product answers this shape; 10 is the default page size (DECISIONS.md). */
export const DEFAULT_PAGE_SIZE = 10;
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    page_size: z.number().int().positive(),
  });
export type Page<T> = { items: T[]; total: number; page: number; page_size: number };

export const MAX_PAGE_SIZE = 100;
export const LIST_ORDERS = ['asc', 'desc'] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];

/** Far past any list anyone pages through (100 million rows at the largest page size): beyond it, a clear 400. */
export const MAX_PAGE = 1_000_000;

const PAGE_MESSAGE = `page must be a whole number from 1 to ${MAX_PAGE.toLocaleString('en-US')}`;
const PAGE_SIZE_MESSAGE = `page_size must be a whole number from 1 to ${MAX_PAGE_SIZE}`;

/**
 * The query of a server-paged list: page, page_size, sort (one of the list's own fields), order, and the list's own
 * filters. Messages name the parameter and say what it accepts. Refine the result for rules across filters.
 */
export const listQuery = <const Fields extends readonly [string, ...string[]], Filters extends z.ZodRawShape = Record<never, never>>(list: {
  sortFields: Fields;
  defaultSort: Fields[number];
  defaultOrder?: ListOrder;
  filters?: Filters;
}) =>
  z.object({
    page: z.coerce.number({ error: PAGE_MESSAGE }).int({ error: PAGE_MESSAGE, abort: true }).min(1, PAGE_MESSAGE).max(MAX_PAGE, PAGE_MESSAGE).default(1),
    page_size: z.coerce
      .number({ error: PAGE_SIZE_MESSAGE })
      .int({ error: PAGE_SIZE_MESSAGE, abort: true }) // one message, not the same twice for a huge number
      .min(1, PAGE_SIZE_MESSAGE)
      .max(MAX_PAGE_SIZE, PAGE_SIZE_MESSAGE)
      .default(DEFAULT_PAGE_SIZE),
    sort: z.enum(list.sortFields, { error: `sort must be one of ${list.sortFields.join(', ')}` }).default(list.defaultSort),
    order: z.enum(LIST_ORDERS, { error: 'order must be asc or desc' }).default(list.defaultOrder ?? 'desc'),
    ...((list.filters ?? {}) as Filters),
  });

/** What every list query holds once parsed (the server's paging helper reads these). */
export type ListRequest<Field extends string = string> = { page: number; page_size: number; sort: Field; order: ListOrder };
