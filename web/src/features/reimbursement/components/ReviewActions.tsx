import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Field, Input, Radio, RadioGroup, Spinner, Text, Textarea, makeStyles, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import { PAYOUT_METHOD_LABELS, PAYOUT_METHODS, type PayoutMethod } from '@acpg/contracts/payments';
import { ApproveClaimBody, PayoutBody, RejectClaimBody, RequestInfoBody, type ClaimView } from '@acpg/contracts/reimbursement';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { fieldState as invalid } from '../../../lib/field-state.ts';
import { useFocusFirstInvalid } from '../../../lib/focus.ts';
import { HttpError } from '../../../lib/http.ts';
import { formatCents } from '../../../lib/money.ts';
import { notify } from '../../../lib/notify.ts';
import { approveClaim, recordPayout, rejectClaim, requestInfo, startReview } from '../api/reimbursement.ts';
import { amountProblem, centsToDollars, claimNumber } from '../claim-text.ts';
import { useAccountNames } from '../../../lib/account-names.ts';
import { fieldErrorsOf, type FieldErrors } from '../field-errors.ts';
import { PayoutTarget } from './PayoutTarget.tsx';

const useStyles = makeStyles({
  bar: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  surface: { maxWidth: 'min(560px, calc(100vw - 32px))' },
  payee: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, margin: 0 },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, overflowWrap: 'anywhere' },
});

type Kind = 'request-info' | 'approve' | 'reject' | 'payout';
type Input = 'message' | 'reason' | 'amount' | 'method' | 'reference';
const TITLES: Record<Kind, string> = { 'request-info': 'Request information', approve: 'Approve the claim', reject: 'Reject the claim', payout: 'Record the payout' };
const issues = (e: { issues: { path: PropertyKey[]; message: string }[] }) => e.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));

/** One review step with its inputs, checked by the contract's schema before it is sent; a refusal shows on its field or as a toast. */
function StepDialog({ kind, claim, onClose }: { kind: Kind; claim: ClaimView; onClose: (done: boolean) => void }) {
  const s = useStyles();
  const [values, setValues] = useState<Record<Input, string>>({ message: '', reason: '', amount: centsToDollars(claim.amount_cents), method: 'ach', reference: '' });
  const [errors, setErrors] = useState<FieldErrors<Input>>({});
  const [busy, setBusy] = useState(false);
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid<HTMLFormElement>();
  const set = (key: Input, value: string) => setValues((v) => ({ ...v, [key]: value }));
  // The method the claimant's payout details mean, until the admin picks one.
  const [methodPicked, setMethodPicked] = useState(false);
  const suggestMethod = (m: PayoutMethod) => {
    if (!methodPicked) set('method', m);
  };
  const amountCents = claim.approved_amount_cents ?? claim.amount_cents;
  const nameOf = useAccountNames(kind === 'payout' ? [claim.account_id] : []);
  const method = PAYOUT_METHODS.find((m) => m === values.method);

  const send = (): { run: () => Promise<{ message?: string }> } | FieldErrors<Input> => {
    const id = claim.claim_id;
    if (kind === 'request-info') {
      const p = RequestInfoBody.safeParse({ message: values.message });
      return p.success ? { run: () => requestInfo(id, p.data) } : fieldErrorsOf(issues(p.error));
    }
    if (kind === 'reject') {
      const p = RejectClaimBody.safeParse({ reason: values.reason });
      return p.success ? { run: () => rejectClaim(id, p.data) } : fieldErrorsOf(issues(p.error));
    }
    if (kind === 'payout') {
      const p = PayoutBody.safeParse({ method: values.method, reference: values.reference });
      return p.success ? { run: () => recordPayout(id, p.data) } : fieldErrorsOf(issues(p.error));
    }
    const money = amountProblem(values.amount, 'approved amount', claim.amount_cents);
    const p = ApproveClaimBody.safeParse({ reason: values.reason, approved_amount_cents: money.cents ?? 0 });
    const found: FieldErrors<Input> = { ...(p.success ? {} : fieldErrorsOf<Input>(issues(p.error), { approved_amount_cents: 'amount' })), ...(money.problem ? { amount: money.problem } : {}) };
    return p.success && !money.problem ? { run: () => approveClaim(id, p.data) } : found;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const step = send();
    if (!('run' in step)) {
      setErrors(step as FieldErrors<Input>);
      return focusFirstInvalid();
    }
    setErrors({});
    setBusy(true);
    try {
      const r = await step.run();
      notify.success(r.message ?? 'Done.');
      onClose(true);
    } catch (err) {
      const body = err instanceof HttpError ? (err.body as { errors?: { path: string; message: string }[] } | null) : null;
      setErrors(fieldErrorsOf<Input>(body?.errors ?? [], { approved_amount_cents: 'amount' }));
      focusFirstInvalid();
      notify.error(err instanceof Error ? err.message : 'That did not work. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog title={TITLES[kind]} busy={busy} onDismiss={() => onClose(false)} onSubmit={(e) => void submit(e)} formRef={formRef} surfaceClassName={s.surface} submitLabel={TITLES[kind]}>
      {kind === 'request-info' && (
        <Field label="What do you need from the claimant?" required hint="The claimant is emailed and sees it on the claim's page." {...invalid(errors.message)}>
          <Textarea value={values.message} maxLength={2000} resize="vertical" onChange={(_, d) => set('message', d.value)} />
        </Field>
      )}
      {kind === 'approve' && (
        <Field label="Approved amount (USD)" required hint={`At most the ${formatCents(claim.amount_cents)} claimed`} {...invalid(errors.amount)}>
          <Input inputMode="decimal" contentBefore="$" value={values.amount} onChange={(_, d) => set('amount', d.value)} />
        </Field>
      )}
      {(kind === 'approve' || kind === 'reject') && (
        <Field label={kind === 'approve' ? 'Why is it approved?' : 'Why is it rejected?'} required hint="The claimant reads this reason." {...invalid(errors.reason)}>
          <Textarea value={values.reason} maxLength={1000} resize="vertical" onChange={(_, d) => set('reason', d.value)} />
        </Field>
      )}
      {kind === 'payout' && (
        <>
          <Text>Pays {formatCents(amountCents)} to the claimant. The claim shows paid once the payment is recorded.</Text>
          {/* Where the money goes, said before it is recorded. */}
          <dl className={s.payee}>
            <dt className={s.term}>Payee</dt>
            <dd className={s.value}>{nameOf(claim.account_id) ?? 'The claimant'}</dd>
            <PayoutTarget claimId={claim.claim_id} accountId={claim.account_id} termClassName={s.term} valueClassName={s.value} onMethod={suggestMethod} />
            <dt className={s.term}>Amount</dt>
            <dd className={s.value}>{formatCents(amountCents)}</dd>
            <dt className={s.term}>Method</dt>
            <dd className={s.value}>{method ? PAYOUT_METHOD_LABELS[method] : 'Choose a method'}</dd>
            <dt className={s.term}>For</dt>
            <dd className={s.value}>
              Claim {claimNumber(claim)}, {claim.property.address_line}, {claim.property.city}
            </dd>
          </dl>
          <Field label="Payout method" required {...invalid(errors.method)}>
            <RadioGroup
              value={values.method}
              onChange={(_, d) => {
                setMethodPicked(true);
                set('method', d.value);
              }}
            >
              {PAYOUT_METHODS.map((m: PayoutMethod) => (
                <Radio key={m} value={m} label={PAYOUT_METHOD_LABELS[m]} />
              ))}
            </RadioGroup>
          </Field>
          <Field label="Reference" required hint="The check or transfer number" {...invalid(errors.reference)}>
            <Input value={values.reference} maxLength={100} onChange={(_, d) => set('reference', d.value)} />
          </Field>
        </>
      )}
    </FormDialog>
  );
}

/**
 * The review steps the claim's status allows; each but "Start review" asks for its inputs in a dialog. A step taken
 * removes its own button: once the claim has moved on, focus goes to the next step (or the words saying there is none)
 * instead of dropping to the page; a dialog closed without acting returns focus to its button.
 */
export function ReviewActions({ claim, onChanged }: { claim: ClaimView; onChanged: () => void }) {
  const s = useStyles();
  const [open, setOpen] = useState<Kind | null>(null);
  const [starting, setStarting] = useState(false);
  const group = useRef<HTMLDivElement>(null);
  const restoreFocus = useRestoreFocusTarget();
  const stage = `${claim.status}:${claim.payout ? 'payout' : ''}`;
  // The stage a step was taken from, until the claim leaves it.
  const actedFrom = useRef<string | null>(null);
  useEffect(() => {
    if (actedFrom.current === null || open !== null || stage === actedFrom.current) return;
    actedFrom.current = null;
    group.current?.querySelector<HTMLElement>('button:not([aria-disabled="true"]), [data-review-status]')?.focus();
  }, [stage, open]);
  const start = async () => {
    setStarting(true);
    actedFrom.current = stage;
    try {
      const r = await startReview(claim.claim_id);
      notify.success(r.message ?? 'Review started.');
      onChanged();
    } catch (e) {
      actedFrom.current = null;
      notify.error(e instanceof Error ? e.message : 'The review could not be started. Try again.');
    } finally {
      setStarting(false);
    }
  };
  const openStep = (kind: Kind) => {
    actedFrom.current = stage;
    setOpen(kind);
  };
  const closeStep = (done: boolean) => {
    if (!done) actedFrom.current = null;
    setOpen(null);
    if (done) onChanged();
  };
  const button = (kind: Kind, primary = false) => (
    <Button appearance={primary ? 'primary' : 'secondary'} onClick={() => openStep(kind)} {...restoreFocus}>
      {TITLES[kind].replace(' the claim', '')}
    </Button>
  );
  const none = claim.status === 'more_info_requested' ? 'Waiting for the claimant’s answer.' : claim.status === 'rejected' ? 'This claim was rejected.' : claim.status === 'paid' ? 'This claim is paid.' : claim.payout ? 'The payout is being recorded.' : null;
  return (
    <div className={s.bar} role="group" aria-label="Review actions" ref={group}>
      {claim.status === 'submitted' && (
        <Button appearance="primary" onClick={() => void start()} disabledFocusable={starting} icon={starting ? <Spinner size="tiny" /> : undefined}>
          Start review
        </Button>
      )}
      {claim.status === 'under_review' && (
        <>
          {button('approve', true)}
          {button('request-info')}
          {button('reject')}
        </>
      )}
      {claim.status === 'approved' && !claim.payout && button('payout', true)}
      {none && (
        <Text tabIndex={-1} data-review-status>
          {none}
        </Text>
      )}
      {open && <StepDialog kind={open} claim={claim} onClose={closeStep} />}
    </div>
  );
}
