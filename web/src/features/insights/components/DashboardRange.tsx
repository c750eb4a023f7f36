import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Tab, TabList } from '@fluentui/react-components';
import { DASHBOARD_RANGES, rangeDays, rangeId, type DashboardRangeId } from '../dashboard/range.ts';

/** The range in the URL (`?range=today|7d|30d`, today when absent), its UTC days, and how to pick another. */
export function useDashboardRange() {
  const [params, setParams] = useSearchParams();
  const id = rangeId(params.get('range'));
  const range = useMemo(() => rangeDays(id, new Date()), [id]);
  const days = DASHBOARD_RANGES.find((r) => r.id === id)?.days ?? 1;
  const pick = (next: DashboardRangeId) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next === 'today') out.delete('range');
        else out.set('range', next);
        return out;
      },
      { replace: false },
    );
  return { id, range, days, pick };
}

/** Today, 7 days or 30 days (tabs, arrow keys move between them). */
export function DashboardRangePicker({ value, onPick }: { value: DashboardRangeId; onPick: (id: DashboardRangeId) => void }) {
  return (
    <TabList aria-label="Range" selectedValue={value} onTabSelect={(_, d) => onPick(rangeId(String(d.value)))}>
      {DASHBOARD_RANGES.map((r) => (
        <Tab key={r.id} value={r.id}>
          {r.label}
        </Tab>
      ))}
    </TabList>
  );
}
