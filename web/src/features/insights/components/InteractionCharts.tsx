import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import type { InteractionSummary } from '@acpg/contracts/insights';
import { formatDateUs } from '../../../lib/dates.ts';
import { shortLabel } from '../../../lib/text.ts';
import { fillDays } from '../api/live-interactions.ts';

const useStyles = makeStyles({
  figure: { margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  chart: { width: '100%', height: '260px' },
});

const BRAND = '#0f6cbd';
/** Longest page label shown on the axis (characters); the tooltip has the whole name. */
const LABEL_CHARS = 24;
/** Axis tick text: about 6.5 px a character at 12 px. */
const labelWidth = (labels: readonly string[]) => Math.min(180, Math.max(48, Math.ceil(Math.max(0, ...labels.map((l) => Math.min(l.length, LABEL_CHARS))) * 6.5) + 12));

/**
 * The charts are pictures for sighted users: the figure's label carries the numbers for screen readers, and the
 * drawing is hidden from them (recharts' keyboard layer is turned off so nothing focusable sits inside hidden content).
 */
export function ByPageChart({ data }: { data: InteractionSummary['by_page'] }) {
  const s = useStyles();
  const top = [...data].sort((a, b) => b.count - a.count).slice(0, 10);
  return (
    <figure className={s.figure} aria-label={`Interactions by page: ${top.map((d) => `${d.page_name} ${d.count}`).join(', ') || 'no data'}`}>
      <Subtitle2 as="h2">By page</Subtitle2>
      <div className={s.chart} aria-hidden="true">
        <ResponsiveContainer>
          {/* Horizontal bars: page names stay readable however many there are and however narrow the screen. */}
          <BarChart data={top} layout="vertical" margin={{ left: 4, right: 16 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
            <YAxis
              type="category"
              dataKey="page_name"
              width={labelWidth(top.map((d) => d.page_name))}
              tick={{ fontSize: 12 }}
              interval={0}
              tickFormatter={(label: string) => shortLabel(label, LABEL_CHARS)}
            />
            <Tooltip />
            <Bar dataKey="count" name="Interactions" fill={BRAND} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** Interactions a day over a continuous range of days (UTC), days without any as zero. */
export function ByDayChart({ data, title = 'By day', from, to, future = false }: { data: InteractionSummary['by_day']; title?: string; from?: string; to?: string; future?: boolean }) {
  const s = useStyles();
  const rows = fillDays(data, { ...(from ? { from } : {}), ...(to ? { to } : {}), future }).map((d) => ({ ...d, label: formatDateUs(d.day) }));
  const withData = rows.filter((d) => (d.count ?? 0) > 0);
  return (
    <figure
      className={s.figure}
      aria-label={`${title}, ${rows[0]?.label ?? ''} to ${rows.at(-1)?.label ?? ''}: ${withData.map((d) => `${d.label} ${d.count}`).join(', ') || 'none'}; other days 0`}
    >
      <Subtitle2 as="h2">{title}</Subtitle2>
      <div className={s.chart} aria-hidden="true">
        <ResponsiveContainer>
          <LineChart data={rows} margin={{ top: 12, left: 0, right: 24 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" />
            {/* Axis ticks as MM-DD; the tooltip names the whole date. */}
            <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} tickFormatter={(label: string) => label.slice(0, 5)} />
            <YAxis allowDecimals={false} width={40} />
            <Tooltip />
            <Line type="linear" dataKey="count" name="Interactions" stroke={BRAND} strokeWidth={2} dot={rows.length <= 31} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
