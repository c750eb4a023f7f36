import { useEffect } from 'react';
import type { PayoutMethod } from '@acpg/contracts/payments';
import { useClaimPayoutDestination } from '../api/reimbursement.ts';
import { BankDetailsReveal } from './BankDetailsReveal.tsx';

/** The method a payout to these details is recorded with (direct deposit is an ACH transfer). */
const METHOD_FOR = { direct_deposit: 'ach', check: 'check' } as const satisfies Record<string, PayoutMethod>;

/**
 * "Pays to" in the payout dialog's facts: the claimant's payout details as reimbursement's copy holds them, masked
 * ("Direct deposit to checking ····6789, Jane Doe", "Check mailed to ..."), or that none are on file. `onMethod` tells
 * the dialog which method those details mean, so it can preselect it. A direct deposit adds "Show bank details": the
 * full numbers, revealed on purpose with a reason (recorded by identity).
 */
export function PayoutTarget({
  claimId,
  accountId,
  termClassName,
  valueClassName,
  onMethod,
}: {
  claimId: string;
  /** The claimant's account, whose bank details can be revealed. */
  accountId: string;
  termClassName: string;
  valueClassName: string;
  onMethod: (method: PayoutMethod) => void;
}) {
  const destination = useClaimPayoutDestination(claimId);
  const details = destination.data?.details ?? null;
  useEffect(() => {
    if (details) onMethod(METHOD_FOR[details.method]);
    // Once per answer: the admin's own choice afterwards is kept.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [details?.method]);
  const words =
    destination.data === null
      ? destination.status === 'error'
        ? 'Where to pay could not be loaded. Record how you paid below.'
        : 'Loading where to pay…'
      : details
        ? destination.data.summary
        : 'No payout details on file: the claimant has not said where to be paid. Record how you paid below.';
  return (
    <>
      <dt className={termClassName}>Pays to</dt>
      <dd className={valueClassName} data-testid="payout-target" aria-live="polite">
        {words}
      </dd>
      {details?.method === 'direct_deposit' && (
        <>
          <dt className={termClassName}>Bank details</dt>
          <dd className={valueClassName}>
            <BankDetailsReveal accountId={accountId} />
          </dd>
        </>
      )}
    </>
  );
}
