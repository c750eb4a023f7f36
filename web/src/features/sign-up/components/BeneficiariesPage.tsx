import { useEffect, useRef, useState } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { MAX_BENEFICIARIES, rowErrors, sharesWithOneMore, toBeneficiaries, totalShare, type BeneficiaryRow } from '../beneficiaries.ts';
import { useFormStyles } from './StepFrame.tsx';
import { StepPage, useStepForm } from './StepPage.tsx';

const useStyles = makeStyles({
  person: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalL,
    margin: 0,
    minWidth: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
    gap: tokens.spacingVerticalM + ' ' + tokens.spacingHorizontalM,
    alignItems: 'start',
  },
  remove: { justifySelf: 'start', alignSelf: 'end' },
  legend: { fontWeight: tokens.fontWeightSemibold, paddingInline: tokens.spacingHorizontalXS },
});

let nextKey = 1;
const newRow = (share: string): BeneficiaryRow => ({ key: nextKey++, full_name: '', relationship: '', email: '', share });

/** /sign-up/beneficiaries: one or more people, with shares adding up to 100%. */
export default function BeneficiariesPage() {
  const s = useFormStyles();
  const b = useStyles();
  const form = useStepForm();
  const { busy, touched } = form;
  const [rows, setRows] = useState<BeneficiaryRow[]>(() => [newRow('100')]);
  const addButton = useRef<HTMLButtonElement>(null);

  const total = totalShare(rows);
  const update = (key: number, patch: Partial<BeneficiaryRow>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  // A new person keeps the shares typed so far, and focus moves to their name.
  const names = useRef(new Map<number, HTMLInputElement>());
  const [added, setAdded] = useState<number | null>(null);
  useEffect(() => {
    if (added !== null) names.current.get(added)?.focus();
  }, [added]);
  const add = () => {
    const row = newRow('');
    setRows((all) => {
      const shares = sharesWithOneMore(all);
      return [...all.map((r, i) => ({ ...r, share: shares[i]! })), { ...row, share: shares[all.length]! }];
    });
    setAdded(row.key);
  };
  const remove = (key: number) => {
    setRows((all) => all.filter((r) => r.key !== key));
    addButton.current?.focus();
  };

  return (
    <StepPage
      screen="Beneficiaries"
      title="Your beneficiaries"
      intro="Who receives the benefits of your membership. Their shares must add up to 100%."
      trackAs="Save beneficiaries"
      form={form}
      save={() => {
        const beneficiaries = toBeneficiaries(rows);
        return beneficiaries ? { step: 'beneficiaries', body: { beneficiaries } } : null;
      }}
    >
      {rows.map((row, i) => {
        const errors = touched ? rowErrors(row) : {};
        return (
          <fieldset key={row.key} className={b.person}>
            <legend className={b.legend}>Beneficiary {i + 1}</legend>
            <Field label="Full name" required validationMessage={errors.full_name}>
              <Input
                ref={(input) => {
                  if (input) names.current.set(row.key, input);
                  else names.current.delete(row.key);
                }}
                value={row.full_name}
                autoComplete="off"
                onChange={(_, d) => update(row.key, { full_name: d.value })}
              />
            </Field>
            <Field label="Relationship" required validationMessage={errors.relationship} hint="Spouse, daughter, friend…">
              <Input value={row.relationship} onChange={(_, d) => update(row.key, { relationship: d.value })} />
            </Field>
            <Field label="Email (optional)" validationMessage={errors.email}>
              <Input type="email" value={row.email} onChange={(_, d) => update(row.key, { email: d.value })} />
            </Field>
            <Field label="Share (%)" required validationMessage={errors.share}>
              <Input inputMode="numeric" value={row.share} onChange={(_, d) => update(row.key, { share: d.value.replace(/\D/g, '').slice(0, 3) })} />
            </Field>
            {rows.length > 1 && (
              <Button className={b.remove} icon={<DeleteRegular />} onClick={() => remove(row.key)} disabled={busy}>
                Remove beneficiary {i + 1}
              </Button>
            )}
          </fieldset>
        );
      })}
      <div className={s.row}>
        <Button ref={addButton} icon={<AddRegular />} onClick={add} disabled={busy || rows.length >= MAX_BENEFICIARIES}>
          Add a beneficiary
        </Button>
        <Text aria-live="polite">Total: {total}%</Text>
      </div>
      {touched && total !== 100 && (
        <MessageBar intent="error">
          <MessageBarBody>The shares add up to {total}%. Change them so they add up to 100%.</MessageBarBody>
        </MessageBar>
      )}
    </StepPage>
  );
}
