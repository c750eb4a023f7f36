import { Title1, makeStyles, tokens } from '@fluentui/react-components';
import { LiveBadge } from '../../../components/LiveBadge.tsx';
import { providerRoom, useOwnProvider } from '../../../lib/provider-scope.ts';
import { useLiveDashboard } from '../api/dashboard.ts';
import { DashboardRangePicker, useDashboardRange } from './DashboardRange.tsx';
import { DashboardTiles } from './DashboardTiles.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

/** A Provider Admin's dashboard: the tiles of its provider's users' things, each leading to its scoped list; live. */
export default function ProviderDashboardPage() {
  const s = useStyles();
  const { id, range, days, pick } = useDashboardRange();
  const { providerId } = useOwnProvider();
  const view = useLiveDashboard(range, { room: providerRoom(providerId), interactions: false });
  return (
    <section className={s.root} aria-labelledby="provider-dashboard-title">
      <div className={s.head}>
        <Title1 as="h1" id="provider-dashboard-title">
          Dashboard
        </Title1>
        <LiveBadge live={view.live} />
      </div>
      <DashboardRangePicker value={id} onPick={pick} />
      <DashboardTiles
        audience="provider"
        range={range}
        days={days}
        tiles={view.data?.tiles ?? null}
        loading={view.status === 'loading' && !view.data}
        error={view.status === 'error' ? view.error : null}
        onRetry={view.reload}
      />
    </section>
  );
}
