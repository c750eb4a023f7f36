import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Subtitle1, makeStyles, tokens } from '@fluentui/react-components';
import type { DashboardTiles } from '@acpg/contracts/dashboard';
import { formatDateUs } from '../../../lib/dates.ts';
import { formatCents } from '../../../lib/money.ts';

const useStyles = makeStyles({
  figure: { margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  chart: { width: '100%', height: '240px' },
});

const BRAND = '#0f6cbd';
const GREEN = '#107c10';

/**
 * Revenue and new memberships a day over the range (UTC days). A picture for sighted users: the figure's label carries
 * the numbers for screen readers and the drawing is hidden from them (as the interactions charts do).
 */
export function DashboardTrend({ tiles }: { tiles: DashboardTiles }) {
  const s = useStyles();
  const rows = tiles.revenue.by_day.map((d, i) => ({ label: formatDateUs(d.day), revenue: d.net_cents / 100, members: tiles.memberships.new_by_day[i]?.count ?? 0 }));
  const busy = rows.filter((r) => r.revenue !== 0 || r.members > 0);
  return (
    <figure className={s.figure} aria-label={`By day: ${busy.map((r) => `${r.label} revenue ${formatCents(r.revenue * 100)}, ${r.members} new memberships`).join('; ') || 'nothing'}; other days none`}>
      <Subtitle1 as="h2">By day</Subtitle1>
      <div className={s.chart} aria-hidden="true">
        <ResponsiveContainer>
          <BarChart data={rows} margin={{ left: 4, right: 16 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} />
            <YAxis yAxisId="usd" tick={{ fontSize: 12 }} tickFormatter={(v: number) => `$${v}`} />
            <YAxis yAxisId="n" orientation="right" allowDecimals={false} tick={{ fontSize: 12 }} />
            <Tooltip formatter={(value, name) => (name === 'Revenue' ? formatCents(Number(value) * 100) : String(value))} />
            <Legend />
            <Bar yAxisId="usd" dataKey="revenue" name="Revenue" fill={BRAND} isAnimationActive={false} />
            <Bar yAxisId="n" dataKey="members" name="New memberships" fill={GREEN} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
