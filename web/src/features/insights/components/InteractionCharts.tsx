import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import type { InteractionSummary } from '@acpg/contracts/insights';
import { formatDateUs } from '../../../lib/dates.ts';
import { shortLabel } from '../../../lib/text.ts';

const useStyles = makeStyles({
  figure: { margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  chart: { width: '100%', height: '240px' },
});

const BRAND = '#0f6cbd';

export function ByPageChart({ data }: { data: InteractionSummary['by_page'] }) {
  const s = useStyles();
  const top = [...data].sort((a, b) => b.count - a.count).slice(0, 10);
  return (
    <figure className={s.figure} aria-label={`Interactions by page: ${top.map((d) => `${d.page_name} ${d.count}`).join(', ') || 'no data'}`}>
      <Subtitle2 as="h2">By page</Subtitle2>
      <div className={s.chart}>
        <ResponsiveContainer>
          {/* Horizontal bars: page names stay readable however many there are and however narrow the screen. */}
          <BarChart data={top} layout="vertical" margin={{ left: 8, right: 16 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
            <YAxis type="category" dataKey="page_name" width={140} tick={{ fontSize: 12 }} interval={0} tickFormatter={(label: string) => shortLabel(label)} />
            <Tooltip />
            <Bar dataKey="count" name="Interactions" fill={BRAND} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

export function ByDayChart({ data, title = 'By day' }: { data: InteractionSummary['by_day']; title?: string }) {
  const s = useStyles();
  const rows = [...data].sort((a, b) => a.day.localeCompare(b.day)).map((d) => ({ ...d, label: formatDateUs(d.day) }));
  return (
    <figure className={s.figure} aria-label={`${title}: ${rows.map((d) => `${d.label} ${d.count}`).join(', ') || 'no data'}`}>
      <Subtitle2 as="h2">{title}</Subtitle2>
      <div className={s.chart}>
        <ResponsiveContainer>
          <LineChart data={rows} margin={{ top: 12, left: 0, right: 16 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Line type="monotone" dataKey="count" name="Interactions" stroke={BRAND} strokeWidth={2} dot isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
