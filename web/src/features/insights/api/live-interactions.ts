import type { Interaction, InteractionSummary } from '@acpg/contracts/insights';
import type { Page } from '@acpg/contracts/http';
import { countFrom, countPush, mergeNewestFirst, keepNewer, type LiveCount } from '../../../lib/live-merge.ts';
import { matchesFilters, type InteractionFilters } from './interactions.ts';

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

/** What /user-interaction shows: the summary (read first) and one page of the list (read after it). */
export interface InteractionsView {
  summary: LiveSummary;
  list: Page<Interaction>;
  /** Rows that arrived while the page does not show the newest first (offered as "show newest"). */
  missed: number;
}

/**
 * One push on /user-interaction. Pushes the filters exclude change nothing. The summary counts it when it is newer
 * than the summary's position; the list takes it on top when it shows the newest first, otherwise it is counted as
 * missed; a row already listed is replaced only by a higher version.
 */
export function applyToInteractions(view: InteractionsView, push: Interaction, filters: InteractionFilters, showsNewest: boolean): InteractionsView {
  if (!matchesFilters(push, filters)) return view;
  const summary = countIntoSummary(view.summary, push);
  const listed = view.list.items.some((r) => r.id === push.id);
  if (listed) {
    const items = keepNewer(view.list.items, push);
    return items === view.list.items && summary === view.summary ? view : { ...view, summary, list: { ...view.list, items: [...items] } };
  }
  if (summary === view.summary) return view; // the reads already hold it
  if (showsNewest) {
    const merged = mergeNewestFirst(view.list, push, view.list.page_size);
    return { ...view, summary, list: { ...view.list, items: merged.items, total: merged.total } };
  }
  return { ...view, summary, list: { ...view.list, total: view.list.total + 1 }, missed: view.missed + 1 };
}

/** What the dashboard shows live: today's and this week's totals, and the newest rows. */
export interface DashboardView {
  today: LiveSummary;
  week: LiveSummary;
  newest: Page<Interaction>;
}

export function applyToDashboard(view: DashboardView, push: Interaction, range: { today: string; week: string }): DashboardView {
  const at = Date.parse(push.created_at);
  const today = at >= Date.parse(range.today) ? countIntoSummary(view.today, push) : view.today;
  const week = at >= Date.parse(range.week) ? countIntoSummary(view.week, push) : view.week;
  const merged = mergeNewestFirst(view.newest, push, view.newest.page_size);
  return { today, week, newest: { ...view.newest, items: merged.items, total: merged.total } };
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
