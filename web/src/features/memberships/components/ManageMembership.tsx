import { useState, type ComponentType } from 'react';
import {
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ChevronDownRegular } from '@fluentui/react-icons';
import type { MembershipView } from '@acpg/contracts/memberships';
import type { PlanName } from '@acpg/contracts/plans';
import { AlertBar } from '../../../components/AlertBar.tsx';
import { SimpleDialog } from '../../../components/SimpleDialog.tsx';
import { formatCents } from '../../../lib/money.ts';
import { formatDateUs } from '../../../lib/dates.ts';
import { notify } from '../../../lib/notify.ts';
import { useTrackClick } from '../../../lib/track.ts';
import { cancelMembership, resumeMembership, switchPlan, updateMembershipCard } from '../api/moves.ts';

/** The card entry of a card update, composed from the payments feature by the app: answers the saved card's id. */
export type UpdateCardForm = ComponentType<{ onSaved: (card: { payment_method_id: string }) => Promise<void>; onCancel: () => void }>;

const useStyles = makeStyles({
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

type Open = 'cancel' | 'switch' | 'card' | null;
const OTHER: Record<PlanName, PlanName> = { Monthly: 'Yearly', Yearly: 'Monthly' };
const term = (name: PlanName) => (name === 'Yearly' ? 'year' : 'month');
const failureText = (error: unknown) => (error instanceof Error ? error.message : 'That did not work. Try again.');

export interface ManageMembershipProps {
  membership: MembershipView;
  /** Each plan name's renewal price now (cents), for what a switch will cost; missing while loading. */
  renewalPrices: Partial<Record<PlanName, number>>;
  updateCard?: UpdateCardForm;
}

/** The member's moves on one membership: a menu (cancel, resume, switch plan, update card) and their dialogs. */
export function ManageMembership({ membership: m, renewalPrices, updateCard: UpdateCard }: ManageMembershipProps) {
  const s = useStyles();
  const track = useTrackClick();
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (m.status === 'cancelled') return <Text>None</Text>;

  const date = formatDateUs(m.next_renewal_at);
  const renewsAs = m.switch_to_plan_name ?? m.plan_name;
  const target = m.switch_to_plan_name ? m.plan_name : OTHER[m.plan_name];
  const targetPrice = renewalPrices[target];
  const unpaid = m.status === 'past_due' || m.next_retry_at !== null;
  const label = `${m.plan_name} membership started ${formatDateUs(m.started_at)}`;

  const show = (which: Open) => {
    setError(null);
    setOpen(which);
  };
  const run = async (what: string, move: () => Promise<unknown>, done: string) => {
    track(what);
    setBusy(true);
    setError(null);
    try {
      await move();
      setOpen(null);
      notify.success(done);
    } catch (failure) {
      if (open) setError(failureText(failure));
      else notify.error(failureText(failure));
    } finally {
      setBusy(false);
    }
  };

  const actions = (confirm: string, keep: string, onConfirm: () => void) => (
    <>
      <Button onClick={() => setOpen(null)} disabled={busy}>
        {keep}
      </Button>
      <Button appearance="primary" onClick={onConfirm} disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
        {confirm}
      </Button>
    </>
  );
  const problem = <AlertBar>{error}</AlertBar>;
  // Each move's dialog stays open while the move is sent; its words describe it.
  const dialog = (which: Exclude<Open, null>) => ({ open: open === which, onDismiss: () => !busy && setOpen(null), describedBy: `${which}-text-${m.id}`, contentClassName: s.text });

  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button icon={<ChevronDownRegular />} iconPosition="after" aria-label={`Manage the ${label}`}>
            Manage
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {m.cancel_at_period_end ? (
              <MenuItem onClick={() => void run('Resume membership', () => resumeMembership(m.id), `Your ${m.plan_name} membership will renew on ${date}.`)}>Resume membership</MenuItem>
            ) : (
              m.status !== 'past_due' && (
                <>
                  <MenuItem onClick={() => show('switch')}>{m.switch_to_plan_name ? `Keep ${m.plan_name}…` : `Switch to ${target}…`}</MenuItem>
                  <MenuItem onClick={() => show('cancel')}>Cancel membership…</MenuItem>
                </>
              )
            )}
            {UpdateCard && <MenuItem onClick={() => show('card')}>{unpaid ? 'Update card and pay…' : 'Update card…'}</MenuItem>}
          </MenuList>
        </MenuPopover>
      </Menu>

      <SimpleDialog {...dialog('cancel')} contentId={`cancel-text-${m.id}`} title={`Cancel your ${m.plan_name} membership?`} actions={actions('Cancel at period end', 'Keep membership', () => void run('Cancel membership', () => cancelMembership(m.id), `Your membership ends on ${date}.`))}>
        {problem}
        <Text>
          {m.status === 'trialing' ? `Your free trial continues until ${date}.` : `Your membership stays active until ${date}.`} It will not renew then, and
          nothing more will be charged.
        </Text>
        <Text>You can resume it any time before {date}.</Text>
      </SimpleDialog>

      <SimpleDialog
        {...dialog('switch')}
        contentId={`switch-text-${m.id}`}
        title={m.switch_to_plan_name ? `Keep ${m.plan_name}?` : `Switch to ${target}?`}
        actions={actions(m.switch_to_plan_name ? `Keep ${m.plan_name}` : `Switch to ${target}`, 'Go back', () =>
          void run('Switch plan', () => switchPlan(m.id, { plan_name: target }), `From ${date} your membership renews as ${target}.`),
        )}
      >
        {problem}
        {m.switch_to_plan_name ? (
          <Text>Your switch to {renewsAs} is withdrawn.</Text>
        ) : (
          <Text>
            Your membership stays {m.plan_name} until {date}; nothing changes before then.
          </Text>
        )}
        <Text weight="semibold">
          From {date} it renews as {target}
          {targetPrice === undefined ? '' : ` at ${formatCents(targetPrice)} / ${term(target)}`}, charged to your card ending in {m.card_last4}.
        </Text>
        {targetPrice !== undefined && (
          <Text>
            {`That is the price a new member pays for ${target}. The first ${target} charge is ${formatCents(targetPrice)} on ${date}, then ${formatCents(targetPrice)} every ${term(target)} until you cancel; nothing is charged today.`}
          </Text>
        )}
      </SimpleDialog>

      {UpdateCard && (
        <SimpleDialog {...dialog('card')} title="Update card">
          <Text id={`card-text-${m.id}`}>
            {unpaid
              ? `Your last renewal payment failed. The renewal is charged to the new card at once.`
              : `Renewals are charged to this card from now on; nothing is charged today. Next renewal: ${date}.`}{' '}
            We check the card with your bank first ($0.00, nothing is charged), so a card that would be declined is refused now, not at renewal.
          </Text>
          {problem}
          <UpdateCard
            onSaved={async (card) => {
              try {
                await updateMembershipCard(m.id, card.payment_method_id);
                setOpen(null);
                notify.success(unpaid ? 'Card updated. The renewal is being charged to it now.' : 'Card updated. Renewals are charged to it.');
              } catch (failure) {
                setError(failureText(failure));
              }
            }}
            onCancel={() => setOpen(null)}
          />
        </SimpleDialog>
      )}
    </>
  );
}
