import { useState, type FormEvent } from 'react';
import { Button, Card, Field, Input, Radio, RadioGroup, Text, useRestoreFocusTarget } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import type { MemberData } from '@acpg/contracts/member-data';
import { addressLine, ChangePayoutDetailsBody, payoutDestinationText, type PayoutDetailsMethod } from '@acpg/contracts/payout-details';
import { AlertBar } from '../../../components/AlertBar.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { savePayoutDetails } from '../api/member-data.ts';
import { usePinGuardedSave } from './pin-guarded-save.ts';
import { useSectionStyles } from './form-styles.ts';
import { changedOn } from './member-data-words.ts';

export const STORED_ENCRYPTED =
  'Your routing and account numbers are stored encrypted. You see only the last 4 digits; the full numbers are shown only to the staff who pay your claim, and each time they are shown we record who saw them.';

/** How approved reimbursements are paid: direct deposit or a check mailed to the mailing address. Changes ask the PIN. */
export function PayoutDetailsCard({ data, onSaved }: { data: MemberData; onSaved: (next: MemberData, message: string) => void }) {
  const s = useSectionStyles();
  const [editing, setEditing] = useState(false);
  const restoreFocus = useRestoreFocusTarget();
  const current = data.payout_details;
  return (
    <Card className={s.card} id="payout-details">
      <Text as="h2" size={500} weight="semibold" className={s.flush}>
        Payout details
      </Text>
      <Text>How approved reimbursement claims are paid to you.</Text>
      {current ? (
        <>
          <Text weight="semibold" data-testid="payout-destination">
            {payoutDestinationText(current.details)}
          </Text>
          <Text size={200}>{changedOn(current.changed_at)}</Text>
        </>
      ) : (
        <Text>No payout details on file.</Text>
      )}
      {data.pin ? (
        <div className={s.row}>
          <Button icon={<EditRegular />} onClick={() => setEditing(true)} {...restoreFocus}>
            {current ? 'Edit payout details' : 'Add payout details'}
          </Button>
          <Text size={200}>Your security PIN is asked before they change.</Text>
        </div>
      ) : (
        <Text>Set your security PIN below first: it is asked before your payout details change.</Text>
      )}
      {editing && (
        <PayoutDialog
          data={data}
          onClose={() => setEditing(false)}
          onSaved={(next, message) => {
            setEditing(false);
            onSaved(next, message);
          }}
        />
      )}
    </Card>
  );
}

type Draft = { account_holder: string; bank_name: string; routing_number: string; account_number: string; account_type: string };
const digits = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

function PayoutDialog({ data, onClose, onSaved }: { data: MemberData; onClose: () => void; onSaved: (next: MemberData, message: string) => void }) {
  const current = data.payout_details?.details;
  const [method, setMethod] = useState<PayoutDetailsMethod>(current?.method ?? 'direct_deposit');
  const [draft, setDraft] = useState<Draft>({
    account_holder: current?.method === 'direct_deposit' ? current.account_holder : '',
    bank_name: current?.method === 'direct_deposit' ? (current.bank_name ?? '') : '',
    routing_number: '',
    account_number: '',
    account_type: current?.method === 'direct_deposit' ? current.account_type : 'checking',
  });
  const { pin, setPin, busy, errors, general, formRef, submit: save } = usePinGuardedSave({
    schema: ChangePayoutDetailsBody,
    save: savePayoutDetails,
    failMessage: 'Your payout details could not be saved. Try again.',
    onSaved,
  });
  const set = (key: keyof Draft, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const address = data.mailing_address?.address ?? null;

  const submit = (e: FormEvent) =>
    save(e, method === 'check' ? { method, pin } : { method, ...draft, bank_name: draft.bank_name.trim() || undefined, pin });

  return (
    <FormDialog title="Payout details" busy={busy} onDismiss={onClose} onSubmit={(e) => void submit(e)} formRef={formRef} submitLabel={busy ? 'Saving…' : 'Save payout details'} cancelFirst>
      <Text>How we pay your approved reimbursement claims.</Text>
      <AlertBar>{general}</AlertBar>
      <Field label="Payout method" required validationMessage={errors.method}>
        <RadioGroup value={method} onChange={(_, d) => setMethod(d.value === 'check' ? 'check' : 'direct_deposit')}>
          <Radio value="direct_deposit" label="Direct deposit to my bank account" />
          <Radio value="check" label="Check mailed to my mailing address" />
        </RadioGroup>
      </Field>
      {method === 'check' ? (
        <Text>{address ? `Checks are mailed to ${addressLine(address)}.` : 'Add a mailing address first: checks are mailed there.'}</Text>
      ) : (
        <>
          <Field label="Account holder name" required validationMessage={errors.account_holder}>
            <Input value={draft.account_holder} autoComplete="name" maxLength={120} onChange={(_, d) => set('account_holder', d.value)} />
          </Field>
          <Field label="Bank name (optional)" validationMessage={errors.bank_name}>
            <Input value={draft.bank_name} maxLength={120} onChange={(_, d) => set('bank_name', d.value)} />
          </Field>
          <Field label="Routing number" required hint="The 9 digits at the bottom left of a check." validationMessage={errors.routing_number}>
            <Input inputMode="numeric" autoComplete="off" value={draft.routing_number} onChange={(_, d) => set('routing_number', digits(d.value, 9))} />
          </Field>
          <Field
            label="Account number"
            required
            hint={current?.method === 'direct_deposit' ? `Enter it again to change it (on file: ····${current.account_last4}). ${STORED_ENCRYPTED}` : STORED_ENCRYPTED}
            validationMessage={errors.account_number}
          >
            <Input inputMode="numeric" autoComplete="off" value={draft.account_number} onChange={(_, d) => set('account_number', digits(d.value, 17))} />
          </Field>
          <Field label="Account type" required validationMessage={errors.account_type}>
            <RadioGroup layout="horizontal" value={draft.account_type} onChange={(_, d) => set('account_type', d.value)}>
              <Radio value="checking" label="Checking" />
              <Radio value="savings" label="Savings" />
            </RadioGroup>
          </Field>
        </>
      )}
      <Field label="Security PIN" required hint="Your 4 to 6 digit security PIN." validationMessage={errors.pin}>
        <Input type="password" inputMode="numeric" autoComplete="off" value={pin} onChange={(_, d) => setPin(d.value.replace(/\D/g, '').slice(0, 6))} />
      </Field>
    </FormDialog>
  );
}
