/** The dashboard's ranges (URL `?range=`): today, the last 7 days, the last 30 days, each ending today (UTC days). */
export const DASHBOARD_RANGES = [
  { id: 'today', label: 'Today', days: 1 },
  { id: '7d', label: '7 days', days: 7 },
  { id: '30d', label: '30 days', days: 30 },
] as const;
export type DashboardRangeId = (typeof DASHBOARD_RANGES)[number]['id'];

/** The range a URL value names; anything else is today. */
export const rangeId = (value: string | null | undefined): DashboardRangeId => DASHBOARD_RANGES.find((r) => r.id === value)?.id ?? 'today';

/** The UTC days from..to of a range ending on `now`'s UTC day (the server counts by UTC day). */
export function rangeDays(id: DashboardRangeId, now: Date): { from: string; to: string } {
  const days = DASHBOARD_RANGES.find((r) => r.id === id)?.days ?? 1;
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00.000Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}
