import { Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { RouteLink } from '../../../components/RouteLink.tsx';
import { useMyPayoutDestination } from '../api/reimbursement.ts';

const useStyles = makeStyles({ note: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'baseline', overflowWrap: 'anywhere' } });

/** Where the member's approved claims are paid, with the way to change it (My Account: payout details, PIN asked). */
export function PayoutDestinationNote() {
  const s = useStyles();
  const destination = useMyPayoutDestination();
  const d = destination.data;
  if (!d) {
    return destination.status === 'error' ? <Text>Where your payouts go could not be loaded.</Text> : <Spinner size="tiny" label="Loading where your payouts go" />;
  }
  return (
    <div className={s.note} data-testid="my-payout-destination">
      <Text>
        <Text weight="semibold">Your payouts:</Text> {d.details ? `${d.summary}.` : 'No payout details on file yet. Add them so approved claims can be paid to you.'}
      </Text>
      <RouteLink to="/user-update-profile">{d.details ? 'Edit payout details' : 'Add payout details'}</RouteLink>
    </div>
  );
}
