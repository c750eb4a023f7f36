import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useSnapshot } from 'valtio';
import { Button, Card, MessageBar, MessageBarBody, MessageBarTitle, Subtitle1, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { MembershipView } from '@acpg/contracts/memberships';
import { useLiveList } from '../../../lib/live-list.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { session } from '../../../lib/session.ts';
import { formatCents } from '../../../lib/money.ts';
import { formatDateUs } from '../../../lib/dates.ts';
import { useTrackClick } from '../../../lib/track.ts';
import type { GridColumn } from '../../../components/PagedGrid.tsx';
import { ListGrid, ListScreen } from '../../../components/ListScreen.tsx';
import { NoWrap, StatusBadge } from '../../../components/GridCells.tsx';
import { MEMBERSHIP_LIST, fetchMyMemberships } from '../api/memberships.ts';
import { useRenewalPrices } from '../api/moves.ts';
import { ManageMembership, type UpdateCardForm } from './ManageMembership.tsx';

// contracts/memberships MEMBERSHIP_UPDATED_MESSAGE; literal so this screen's chunk does not pull zod in for one string.
const MESSAGES = ['membership.updated'];

const useStyles = makeStyles({
  start: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  renewal: { display: 'block', color: tokens.colorNeutralForeground2 },
  note: { display: 'block', color: tokens.colorNeutralForeground2, whiteSpace: 'nowrap' },
  alert: { display: 'block', color: tokens.colorPaletteRedForeground1, whiteSpace: 'nowrap' },
});

const BADGE_COLOR: Record<MembershipView['status'], 'success' | 'brand' | 'danger' | 'informative'> = {
  active: 'success',
  trialing: 'brand',
  past_due: 'danger',
  cancelled: 'informative',
};

const STATUS_TEXT: Record<MembershipView['status'], string> = { trialing: 'Free trial', active: 'Active', past_due: 'Past due', cancelled: 'Canceled' };
const termOf = (m: MembershipView) => (m.plan_name === 'Yearly' ? 'year' : 'month');
const brandName = (brand: MembershipView['card_brand']) => (brand === 'unknown' ? 'Card' : brand === 'amex' ? 'American Express' : brand[0]!.toUpperCase() + brand.slice(1));

/** What is charged next and when (the server's `next_charge_cents`: a switch's price included), or that nothing is. */
const nextChargeText = (m: MembershipView) => {
  if (m.next_charge_cents === null) return m.status === 'cancelled' ? 'Nothing more is charged' : `Nothing more is charged; it ends ${formatDateUs(m.next_renewal_at)}`;
  const as = m.switch_to_plan_name ?? m.plan_name;
  return `Next charge: ${formatCents(m.next_charge_cents)} on ${formatDateUs(m.next_retry_at ?? m.next_renewal_at)}${as === m.plan_name ? '' : ` (${as})`}`;
};

/** What a page offers to start a membership (plan choice and payment); the app composes it from the plan and payment features. */
export type StartMembership = ComponentType<{ onPaid: () => void; onCancel: () => void }>;

export function SubscriptionsPage({ startMembership: Start, updateCard }: { startMembership?: StartMembership; updateCard?: UpdateCardForm }) {
  const s = useStyles();
  const track = useTrackClick();
  const { userId } = useSnapshot(session);
  const list = usePagedList(MEMBERSHIP_LIST);
  const [starting, setStarting] = useState(false);
  const [paid, setPaid] = useState(false);
  // Opening the plan choice moves focus to it; closing it (paid or cancelled) back to the page's heading, since the
  // button that had focus is gone.
  const opened = useRef(false);
  useEffect(() => {
    if (starting) document.getElementById('start-title')?.focus();
    else if (opened.current) document.getElementById('subscriptions-title')?.focus();
    opened.current = starting;
  }, [starting]);

  const view = useLiveList({
    list,
    messages: MESSAGES,
    entity: userId ? `account:${userId}` : undefined,
    fetchPage: fetchMyMemberships,
    toRow: (m: MembershipView) => m,
    created: { sort: 'started_at', at: (m) => m.started_at },
    accepts: (m) => m.account_id === userId,
  });
  const prices = useRenewalPrices();
  const none = view.data != null && view.data.total === 0;

  const columns: GridColumn<MembershipView>[] = [
    { id: 'plan_name', header: 'Plan', sortable: true, render: (m) => <NoWrap>{m.plan_name}</NoWrap> },
    {
      id: 'status',
      header: 'Status',
      minWidth: '170px',
      render: (m) => (
        <>
          <StatusBadge color={BADGE_COLOR[m.status]}>{STATUS_TEXT[m.status]}</StatusBadge>
          {m.status === 'cancelled' && m.ended_at && <Text size={200} className={s.note}>Ended {formatDateUs(m.ended_at)}</Text>}
          {m.status === 'past_due' && m.cancels_at && <Text size={200} className={s.alert}>Canceled {formatDateUs(m.cancels_at)} unless paid</Text>}
          {m.status !== 'past_due' && m.next_retry_at && <Text size={200} className={s.alert}>Payment failed; next try {formatDateUs(m.next_retry_at)}</Text>}
          {m.cancel_at_period_end && <Text size={200} className={s.note}>Ends {formatDateUs(m.next_renewal_at)}</Text>}
          {m.switch_to_plan_name && <Text size={200} className={s.note}>{`${m.switch_to_plan_name} from ${formatDateUs(m.next_renewal_at)}`}</Text>}
        </>
      ),
    },
    { id: 'started_at', header: 'Start', sortable: true, render: (m) => <NoWrap>{formatDateUs(m.started_at)}</NoWrap> },
    { id: 'trial_ends_at', header: 'Trial ends', render: (m) => (m.trial_ends_at ? <NoWrap>{formatDateUs(m.trial_ends_at)}</NoWrap> : 'No trial') },
    { id: 'next_renewal_at', header: 'Next renewal', sortable: true, render: (m) => <NoWrap>{formatDateUs(m.next_renewal_at)}</NoWrap> },
    {
      id: 'amount',
      header: 'Amount',
      minWidth: '170px',
      render: (m) => (
        <>
          {formatCents(m.amount_cents)} / {termOf(m)}
          <Text size={200} className={s.renewal}>
            {nextChargeText(m)}
          </Text>
        </>
      ),
    },
    { id: 'card', header: 'Card', render: (m) => <NoWrap>{`${brandName(m.card_brand)} ending in ${m.card_last4}`}</NoWrap> },
    {
      id: 'manage',
      action: true,
      header: 'Manage',
      render: (m) => <ManageMembership membership={m} renewalPrices={prices.data ?? {}} {...(updateCard ? { updateCard } : {})} />,
    },
  ];

  return (
    <ListScreen
      titleId="subscriptions-title"
      title="Membership"
      live={view.live}
      actions={
        Start && none && !starting && !paid ? (
          <Button
            appearance="primary"
            onClick={() => {
              track('Start a membership');
              setStarting(true);
            }}
          >
            Start a membership
          </Button>
        ) : null
      }
    >

      {paid && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>
            <MessageBarTitle>Payment received.</MessageBarTitle>
            {none ? 'Your membership is being set up and shows here in a moment.' : 'Your membership is listed below.'}
          </MessageBarBody>
        </MessageBar>
      )}

      {Start && starting && (
        <Card className={s.start} aria-labelledby="start-title">
          <Subtitle1 as="h2" id="start-title" tabIndex={-1}>
            Start a membership
          </Subtitle1>
          <Start
            onPaid={() => {
              setStarting(false);
              setPaid(true);
            }}
            onCancel={() => setStarting(false)}
          />
        </Card>
      )}

      <ListGrid
        list={list}
        view={view}
        label="Your memberships"
        pagerLabel="Membership pages"
        noun={{ one: 'membership', other: 'memberships' }}
        columns={columns}
        getRowId={(m) => m.id}
        empty={<>You have no membership yet.{Start ? ' Choose Start a membership to pick a plan and pay.' : ''}</>}
      />
    </ListScreen>
  );
}

export default SubscriptionsPage;
