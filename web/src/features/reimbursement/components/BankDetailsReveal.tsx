import { useEffect, useId, useRef, useState } from 'react';
import { Button, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { RevealPayoutDetailsBody, type RevealedBankAccount } from '@acpg/contracts/payout-details';
import { fieldState } from '../../../lib/field-state.ts';
import { HttpError } from '../../../lib/http.ts';
import { notify } from '../../../lib/notify.ts';
import { revealBankDetails } from '../api/reimbursement.ts';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'flex-start' },
  ask: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', width: '100%' },
  reason: { flexGrow: 1, minWidth: '12rem' },
  numbers: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXS, margin: 0 },
  number: { margin: 0, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
});

type Reveal = { step: 'hidden' } | { step: 'asking'; reason: string; error: string | null; busy: boolean } | { step: 'shown'; bank: RevealedBankAccount };

/** A number with its copy button ("Copy routing number"). */
function Copyable({ label, value }: { label: string; value: string }) {
  const copy = () =>
    navigator.clipboard
      .writeText(value)
      .then(() => notify.success(`${label} copied.`))
      .catch(() => notify.error(`The ${label.toLowerCase()} could not be copied: select it instead.`));
  return (
    <>
      {value}
      <Button type="button" size="small" appearance="subtle" icon={<CopyRegular />} aria-label={`Copy ${label.toLowerCase()}`} title={`Copy ${label.toLowerCase()}`} onClick={() => void copy()} />
    </>
  );
}

/**
 * "Show bank details" in the payout dialog of a claimant paid by direct deposit: with a reason, the full routing and
 * account numbers are asked of identity (which records who, when and why) and shown with copy buttons. They live only
 * in this component's state: closing the dialog forgets them.
 */
export function BankDetailsReveal({ accountId }: { accountId: string }) {
  const s = useStyles();
  const reasonId = useId();
  const [reveal, setReveal] = useState<Reveal>({ step: 'hidden' });
  // The button that was clicked goes away: focus moves to what replaced it (the reason, then the numbers).
  const reasonRef = useRef<HTMLInputElement>(null);
  const shownRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reveal.step === 'asking') reasonRef.current?.focus();
    if (reveal.step === 'shown') shownRef.current?.focus();
  }, [reveal.step]);

  if (reveal.step === 'hidden') {
    return (
      <Button type="button" onClick={() => setReveal({ step: 'asking', reason: '', error: null, busy: false })}>
        Show bank details
      </Button>
    );
  }

  if (reveal.step === 'shown') {
    const { bank } = reveal;
    return (
      <div className={s.box} data-testid="bank-details" ref={shownRef} tabIndex={-1}>
        <dl className={s.numbers} aria-label="Bank details">
          <dt>Account holder</dt>
          <dd className={s.number}>{bank.account_holder}</dd>
          {bank.bank_name && (
            <>
              <dt>Bank</dt>
              <dd className={s.number}>{bank.bank_name}</dd>
            </>
          )}
          <dt>Routing number</dt>
          <dd className={s.number}>
            <Copyable label="Routing number" value={bank.routing_number} />
          </dd>
          <dt>Account number</dt>
          <dd className={s.number}>
            <Copyable label="Account number" value={bank.account_number} />
          </dd>
          <dt>Account type</dt>
          <dd className={s.number}>{bank.account_type === 'checking' ? 'Checking' : 'Savings'}</dd>
        </dl>
        <Text size={200}>Your name, the time and your reason were recorded. The numbers are hidden again when this dialog closes.</Text>
        <Button type="button" size="small" onClick={() => setReveal({ step: 'hidden' })}>
          Hide bank details
        </Button>
      </div>
    );
  }

  const ask = async () => {
    if (reveal.busy) return;
    const body = RevealPayoutDetailsBody.safeParse({ reason: reveal.reason });
    if (!body.success) {
      setReveal({ ...reveal, error: body.error.issues[0]?.message ?? 'Say why you need the bank details' });
      return;
    }
    setReveal({ ...reveal, busy: true, error: null });
    try {
      const r = await revealBankDetails(accountId, body.data);
      setReveal({ step: 'shown', bank: r.data });
    } catch (err) {
      const fieldError = err instanceof HttpError ? (err.body as { errors?: { path: string; message: string }[] } | null)?.errors?.find((e) => e.path === 'reason') : undefined;
      setReveal({ ...reveal, busy: false, error: fieldError?.message ?? null });
      if (!fieldError) notify.error(err instanceof Error ? err.message : 'The bank details could not be shown. Try again.');
    }
  };

  return (
    <div className={s.ask}>
      <Field className={s.reason} label="Why do you need the bank details?" required hint="Recorded with your name and the time." {...fieldState(reveal.error)}>
        <Input
          id={reasonId}
          ref={reasonRef}
          value={reveal.reason}
          maxLength={500}
          disabled={reveal.busy}
          onChange={(_, d) => setReveal({ ...reveal, reason: d.value })}
          // Enter shows the numbers; it must not submit the payout form around it.
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void ask();
            }
          }}
        />
      </Field>
      <Button type="button" disabled={reveal.busy} onClick={() => void ask()}>
        {reveal.busy ? 'Showing…' : 'Show'}
      </Button>
    </div>
  );
}
