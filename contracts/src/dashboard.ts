import { z } from 'zod';
import { MEMBERSHIP_STATUSES } from './memberships.ts';
import { ORDER_STATUSES } from './nhd.ts';
import { CLAIM_STATUSES } from './reimbursement.ts';

/** Longest range the dashboard counts at once (days, both ends included). */
export const DASHBOARD_MAX_DAYS = 366;

const DAY_MS = 86_400_000;
const day = (name: string) => z.iso.date({ error: `${name} must be a date (YYYY-MM-DD)` });

/** `GET /api/v1/insights/dashboard?from&to`: UTC days, both included (today only: from = to = today). */
export const DashboardQuery = z
  .object({ from: day('from'), to: day('to') })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['from'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS < DASHBOARD_MAX_DAYS, { message: `The range is at most ${DASHBOARD_MAX_DAYS} days`, path: ['to'] });
export type DashboardQuery = z.infer<typeof DashboardQuery>;

const count = z.number().int().nonnegative();
export const DayCount = z.object({ day: z.string(), count });
export type DayCount = z.infer<typeof DayCount>;

/** The claim statuses that wait for an admin's review (`more_info_requested` waits for the member). */
export const CLAIM_WAITING_STATUSES = ['submitted', 'under_review'] as const satisfies readonly (typeof CLAIM_STATUSES)[number][];

/**
 * The dashboard's tiles. "Now" tiles count things as they stand (active memberships, orders by status, claims waiting,
 * alerts and open fraud cases); range tiles count what happened in [from, to] (new and cancelled memberships, revenue,
 * failing code deliveries, interactions). A Provider Admin's (`scope: provider`) count only its provider's users' things
 * (the users it has now) and its own, and have no deliveries tile (a delivery names no account).
 */
export const DashboardTiles = z.object({
  scope: z.enum(['all', 'provider']),
  from: z.string(),
  to: z.string(),
  memberships: z.object({
    /** Status `active` now. */
    active: count,
    by_status: z.array(z.object({ status: z.enum(MEMBERSHIP_STATUSES), count })),
    /** Started in the range. */
    new: count,
    /** Ended in the range. */
    cancelled: count,
    new_by_day: z.array(DayCount),
  }),
  /** Captured minus refunded in the range, in cents (a refund counts on its day). */
  revenue: z.object({
    captured_cents: z.number().int(),
    refunded_cents: z.number().int(),
    net_cents: z.number().int(),
    by_day: z.array(z.object({ day: z.string(), net_cents: z.number().int() })),
  }),
  nhd_orders: z.object({ total: count, by_status: z.array(z.object({ status: z.enum(ORDER_STATUSES), count })) }),
  claims: z.object({ waiting: count, by_status: z.array(z.object({ status: z.enum(CLAIM_STATUSES), count })) }),
  equity: z.object({ alerts_new: count, fraud_cases_open: count }),
  /** Code deliveries (sign-in, sign-up, reset codes) with a failed attempt in the range; null for a provider. */
  deliveries: z.object({ code_failing: count, failing: count }).nullable(),
  interactions: z.object({ total: count, by_day: z.array(DayCount) }),
});
export type DashboardTiles = z.infer<typeof DashboardTiles>;

/** Which tile moved. */
export const DASHBOARD_TILES = ['memberships', 'revenue', 'nhd_orders', 'claims', 'equity', 'deliveries'] as const;
export const DashboardTile = z.enum(DASHBOARD_TILES);
export type DashboardTile = z.infer<typeof DashboardTile>;

/**
 * socket.io message after a dashboard read model changed: to the overseers' role rooms and to `provider:<id>` of the
 * owner's providers. A dashboard reads its tiles again (the message carries no counts: a count depends on the range).
 */
export const DASHBOARD_CHANGED_MESSAGE = 'dashboard.changed';
/** `at`: when the newest change of the batch happened (its event's time). */
export const DashboardChanged = z.object({ tile: DashboardTile, position: z.number().int().nonnegative(), at: z.string() });
export type DashboardChanged = z.infer<typeof DashboardChanged>;
