import type { Interaction, InteractionSummary } from '@acpg/contracts/insights';
import { countFrom, countPush, type LiveCount } from '../../../lib/live-merge.ts';

/** A summary with the pushes that arrived after it counted in (each once, only those above its position). */
export interface LiveSummary {
  summary: InteractionSummary;
  count: LiveCount;
}

export const liveSummary = (summary: InteractionSummary): LiveSummary => ({ summary, count: countFrom(summary.position) });

const bump = <K extends string>(rows: readonly ({ count: number } & Record<K, string>)[], key: K, value: string) => {
  const at = rows.findIndex((r) => r[key] === value);
  if (at < 0) return [...rows, { [key]: value, count: 1 } as { count: number } & Record<K, string>];
  return rows.map((r, i) => (i === at ? { ...r, count: r.count + 1 } : r));
};

/** Counts one push into the summary's total, pages, buttons and (UTC) days, unless the summary already holds it. */
export function countIntoSummary(s: LiveSummary, push: Interaction): LiveSummary {
  const { count, adds } = countPush(s.count, push);
  if (!adds) return s;
  const { summary } = s;
  return {
    count,
    summary: {
      ...summary,
      total: summary.total + 1,
      by_page: bump(summary.by_page, 'page_name', push.page_name),
      by_button: bump(summary.by_button, 'button_name', push.button_name),
      by_day: bump(summary.by_day, 'day', push.created_at.slice(0, 10)),
    },
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/**
 * By-day counts as a continuous range, days without interactions as zero: from the filter's first day (else the first
 * day with data, at least a week back) to the filter's last day (no later than today unless `future` allows it: days
 * after today then have no count, so a line stops at today), at most a year long.
 */
export function fillDays(
  byDay: InteractionSummary['by_day'],
  bounds: { from?: string; to?: string; today?: string; future?: boolean } = {},
): { day: string; count: number | null }[] {
  const counts = new Map(byDay.map((d) => [d.day, d.count]));
  const days = [...counts.keys()].filter((d) => !Number.isNaN(msOf(d))).sort();
  const today = bounds.today ?? dayOf(Date.now());
  const toDay = bounds.to && (bounds.future || bounds.to < today) ? bounds.to : today;
  const end = Math.max(msOf(toDay), days.length ? msOf(days.at(-1)!) : 0);
  const fromMs = bounds.from ? msOf(bounds.from) : Number.NaN;
  const start = Math.max(
    Number.isNaN(fromMs) ? Math.min(days.length ? msOf(days[0]!) : end, end - 6 * DAY_MS) : Math.min(fromMs, end),
    end - 365 * DAY_MS,
  );
  const out: { day: string; count: number | null }[] = [];
  for (let t = start; t <= end; t += DAY_MS) out.push({ day: dayOf(t), count: dayOf(t) > today ? null : (counts.get(dayOf(t)) ?? 0) });
  return out;
}
