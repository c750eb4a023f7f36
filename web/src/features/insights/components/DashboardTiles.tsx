import type { ReactNode } from 'react';
import { Caption1, Card, CardHeader, Subtitle1, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { DashboardTiles as Tiles } from '@acpg/contracts/dashboard';
import { ORDER_STATUS_LABELS } from '@acpg/contracts/nhd';
import { formatCents } from '../../../lib/money.ts';
import { countOf } from '../../../lib/plural.ts';
import { RouteLink } from '../../../components/RouteLink.tsx';
import { EmptyState, ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { tileLinks, type DashboardAudience } from '../dashboard/links.ts';
import { DashboardTrend } from './DashboardTrend.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  tiles: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fit, minmax(min(220px, 100%), 1fr))' },
  wide: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fit, minmax(min(360px, 100%), 1fr))' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  number: { fontSize: tokens.fontSizeHero800, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightHero800 },
  statuses: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalXS, gridTemplateColumns: 'repeat(auto-fill, minmax(min(160px, 100%), 1fr))' },
});

/** One tile: what it counts (h2), the number, a note, and the link to the list it counts. */
function Tile({ title, value, note, to, linkText }: { title: string; value: ReactNode; note?: string; to: string | null; linkText: string }) {
  const s = useStyles();
  return (
    <Card className={s.card} data-tile={title}>
      <CardHeader header={<Subtitle1 as="h2">{title}</Subtitle1>} />
      <Text className={s.number} data-tile-value="">
        {value}
      </Text>
      {note && <Caption1>{note}</Caption1>}
      {to && <RouteLink to={to}>{linkText}</RouteLink>}
    </Card>
  );
}

export interface DashboardTilesProps {
  audience: DashboardAudience;
  range: { from: string; to: string };
  /** Days in the range (1: today; the trend charts show from 2 days). */
  days: number;
  tiles: Tiles | null;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
}

/** The dashboard's tiles from every module, each leading to its filtered list, and the trend over the range. */
export function DashboardTiles({ audience, range, days, tiles, loading, error, onRetry }: DashboardTilesProps) {
  const s = useStyles();
  if (error && !tiles) return <ErrorState title="The dashboard could not be loaded" message={error} onRetry={onRetry} />;
  if (loading || !tiles) return <LoadingBlock label="Loading the dashboard" lines={4} />;
  const links = tileLinks(audience, range);
  const inRange = days === 1 ? 'today' : `in the last ${days} days`;
  const nothing =
    tiles.memberships.active + tiles.memberships.new + tiles.memberships.cancelled + tiles.revenue.captured_cents + tiles.revenue.refunded_cents + tiles.nhd_orders.total + tiles.claims.waiting + tiles.equity.alerts_new + tiles.equity.fraud_cases_open + tiles.interactions.total === 0;
  return (
    <div className={s.root}>
      {nothing && <EmptyState>{`Nothing to count yet: no memberships, payments, orders, claims, alerts or interactions ${inRange}.`}</EmptyState>}
      <div className={s.tiles}>
        <Tile title="Active members" value={tiles.memberships.active} note="Memberships active now" to={links.membershipsActive} linkText="View active memberships" />
        <Tile title="New memberships" value={tiles.memberships.new} note={`Started ${inRange}`} to={links.membershipsNew} linkText="View new memberships" />
        <Tile title="Canceled memberships" value={tiles.memberships.cancelled} note={`Ended ${inRange}`} to={links.membershipsCancelled} linkText="View canceled memberships" />
        <Tile
          title="Revenue"
          value={formatCents(tiles.revenue.net_cents)}
          note={`${formatCents(tiles.revenue.captured_cents)} captured, ${formatCents(tiles.revenue.refunded_cents)} refunded ${inRange}`}
          to={links.revenue}
          linkText="View payments"
        />
        <Tile
          title="Claims waiting for review"
          value={tiles.claims.waiting}
          note={`${tiles.claims.by_status.find((c) => c.status === 'submitted')?.count ?? 0} submitted, ${tiles.claims.by_status.find((c) => c.status === 'under_review')?.count ?? 0} under review`}
          to={links.claimsWaiting}
          linkText="View submitted claims"
        />
        <Tile title="Open fraud cases" value={tiles.equity.fraud_cases_open} note="Equity Protect cases open now" to={links.fraudCasesOpen} linkText="View open fraud cases" />
        <Tile title="Alerts waiting for an answer" value={tiles.equity.alerts_new} note="Equity Protect alerts the member has not answered" to={links.alertsNew} linkText="View new alerts" />
        {tiles.deliveries && (
          <Tile title="Code deliveries failing" value={tiles.deliveries.code_failing} note={`Sign-in and sign-up codes with a failed send ${inRange} (${tiles.deliveries.failing} messages of any kind)`} to={null} linkText="" />
        )}
        <Tile title="Interactions" value={tiles.interactions.total} note={`Recorded ${inRange}`} to={links.interactions} linkText="View interactions" />
      </div>
      <div className={s.wide}>
        <Card className={s.card}>
          <CardHeader header={<Subtitle1 as="h2">NHD orders by status</Subtitle1>} />
          <Caption1>{`${countOf(tiles.nhd_orders.total, { one: 'order', other: 'orders' })} in all, as they stand now`}</Caption1>
          <ul className={s.statuses}>
            {tiles.nhd_orders.by_status.map(({ status, count }) => (
              <li key={status}>
                <RouteLink to={links.orders(status)} label={`${ORDER_STATUS_LABELS[status]}: ${countOf(count, { one: 'order', other: 'orders' })}`}>
                  {`${ORDER_STATUS_LABELS[status]}: ${count}`}
                </RouteLink>
              </li>
            ))}
          </ul>
        </Card>
        {days > 1 && (
          <Card className={s.card}>
            <DashboardTrend tiles={tiles} />
          </Card>
        )}
      </div>
    </div>
  );
}
