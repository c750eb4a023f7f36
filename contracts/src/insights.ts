import { z } from 'zod';
import { listQuery } from './http.ts';
import { INTERACTION_SORT_FIELDS } from './sort-fields.ts';

export { INTERACTION_SORT_FIELDS };

/** User interaction record (spec section 3). */
export const StoreInteractionBody = z.object({
  data_id: z.union([z.string(), z.number()]).transform(String).pipe(z.string().max(200)).nullable().default(null),
  page_name: z.string().trim().min(1, 'page_name is required').max(200),
  interaction_type: z.string().trim().min(1).max(50).default('click'),
  button_name: z.string().trim().min(1, 'button_name is required').max(200),
  /** Accepted for the spec's body and ignored: the user is the signed-in caller (from the token) or none. */
  user_id: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().max(100))
    .nullable()
    .default(null)
    .describe('Ignored: a signed-in caller is recorded as the user (from the access token), an anonymous one as none'),
});
export type StoreInteractionBody = z.infer<typeof StoreInteractionBody>;

export const UserLocation = z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }).nullable();
export type UserLocation = z.infer<typeof UserLocation>;

export const USER_LOCATION_HEADER = 'user-location';

/** Event data of `UserInteractionRecorded`. */
export const UserInteractionRecorded = StoreInteractionBody.extend({
  /** The signed-in caller who interacted (from the token), or null for an anonymous visitor. */
  user_id: z.string().max(100).nullable().default(null),
  location: UserLocation,
});
export type UserInteractionRecorded = z.infer<typeof UserInteractionRecorded>;

/** Read model row of the admin list. */
export const Interaction = z.object({
  id: z.string(),
  data_id: z.string().nullable(),
  page_name: z.string(),
  interaction_type: z.string(),
  button_name: z.string(),
  user_id: z.string().nullable(),
  location: UserLocation,
  created_at: z.string(),
  /** Stream version the row reflects (live views keep the higher of a read and a push). */
  version: z.number().int().nonnegative(),
  /** Global event-log position the row reflects. */
  position: z.number().int().nonnegative(),
});
export type Interaction = z.infer<typeof Interaction>;


const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A year of five or more digits, written plainly or in ISO 8601's expanded form (`+010000-01-01`). */
const PAST_9999 = /^(?:\+\d{4,}|\d{5,})-/;

/** A time bound of the filters: a bare date (a whole UTC day) or an ISO 8601 date-time with its offset, years 0000 to 9999. */
const dateBound = (name: 'from' | 'to') =>
  z
    .string()
    .refine((value) => !PAST_9999.test(value), `${name} must be a date no later than 9999-12-31`)
    .pipe(z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: `${name} must be a date (YYYY-MM-DD) or an ISO 8601 date-time` }))
    .optional();

const startOf = (value: string) => Date.parse(BARE_DATE.test(value) ? `${value}T00:00:00.000Z` : value);

/** `from` must not come after `to`; a bare date `to` includes its whole (UTC) day. */
const fromNotAfterTo = ({ from, to }: { from?: string | undefined; to?: string | undefined }): boolean =>
  from === undefined || to === undefined || (BARE_DATE.test(to) ? startOf(from) < startOf(to) + DAY_MS : startOf(from) <= startOf(to));
const FROM_AFTER_TO = { message: 'from must not be later than to.', path: ['from'] };

/** Filters shared by the list and the summary. */
const interactionFilters = {
  page_name: z.string().trim().min(1).optional(),
  button_name: z.string().trim().min(1).optional(),
  interaction_type: z.string().trim().min(1).optional(),
  user_id: z.string().trim().min(1).optional(),
  /** Words of the user's name or email (any case): interactions of every account they match. */
  user: z.string().trim().min(1).max(100, 'The user search is at most 100 characters').optional(),
  from: dateBound('from'),
  to: dateBound('to'),
};

export const InteractionListQuery = listQuery({
  sortFields: INTERACTION_SORT_FIELDS,
  defaultSort: 'created_at',
  filters: interactionFilters,
}).refine(fromNotAfterTo, FROM_AFTER_TO);
export type InteractionListQuery = z.infer<typeof InteractionListQuery>;

export const InteractionSummary = z.object({
  total: z.number().int().nonnegative(),
  by_page: z.array(z.object({ page_name: z.string(), count: z.number().int() })),
  by_button: z.array(z.object({ button_name: z.string(), count: z.number().int() })),
  by_day: z.array(z.object({ day: z.string(), count: z.number().int() })),
  /** Highest event-log position counted: a live view adds only pushes with a higher position. */
  position: z.number().int().nonnegative(),
});
export type InteractionSummary = z.infer<typeof InteractionSummary>;

/** socket.io message pushed to Super Admins after an interaction is projected. */
export const INTERACTION_RECORDED_MESSAGE = 'interaction.recorded';

/** Filters of the summary: the list's filters without paging and sorting. */
export const InteractionSummaryQuery = z.object(interactionFilters).refine(fromNotAfterTo, FROM_AFTER_TO);
export type InteractionSummaryQuery = z.infer<typeof InteractionSummaryQuery>;

/** Event type and stream of one recorded interaction (one stream per interaction: appends never contend). */
export const USER_INTERACTION_RECORDED = 'UserInteractionRecorded';
export const INTERACTION_STREAM_PREFIX = 'insights-interaction-';
