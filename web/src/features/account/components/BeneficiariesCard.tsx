import { useState, type FormEvent } from 'react';
import { Button, Card, Field, Input, Text, makeStyles, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { ChangeBeneficiariesBody, type MemberData } from '@acpg/contracts/member-data';
import { MAX_BENEFICIARIES } from '@acpg/contracts/sign-up';
import { AlertBar } from '../../../components/AlertBar.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { saveBeneficiaries } from '../api/member-data.ts';
import { beneficiariesOf, beneficiaryDraft, sharesTotal, type BeneficiaryDraft } from '../member-data-form.ts';
import { usePinGuardedSave } from './pin-guarded-save.ts';
import { useSectionStyles } from './form-styles.ts';
import { changedOn } from './member-data-words.ts';

const useStyles = makeStyles({
  list: { margin: 0, paddingInlineStart: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  person: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', overflowWrap: 'anywhere' },
  row: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalM,
    margin: 0,
    minWidth: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
    gap: tokens.spacingVerticalS + ' ' + tokens.spacingHorizontalM,
    alignItems: 'start',
  },
  legend: { fontWeight: tokens.fontWeightSemibold, paddingInline: tokens.spacingHorizontalXS },
  remove: { justifySelf: 'start', alignSelf: 'end' },
  surface: { maxWidth: '720px', width: '100%' },
});

/** Beneficiaries with their shares; Edit asks the security PIN (none set: the PIN section comes first). */
export function BeneficiariesCard({ data, onSaved }: { data: MemberData; onSaved: (next: MemberData, message: string) => void }) {
  const s = useSectionStyles();
  const b = useStyles();
  const [editing, setEditing] = useState(false);
  const restoreFocus = useRestoreFocusTarget();
  const current = data.beneficiaries;

  return (
    <Card className={s.card}>
      <Text as="h2" size={500} weight="semibold" className={s.flush}>
        Beneficiaries
      </Text>
      {current ? (
        <>
          <ul className={b.list} aria-label="Your beneficiaries">
            {current.list.map((person, i) => (
              <li key={`${person.full_name}-${i}`} className={b.person}>
                <span>
                  <Text weight="semibold">{person.full_name}</Text> <Text>({person.relationship})</Text>
                  {person.email && <Text block size={200}>{person.email}</Text>}
                </span>
                <Text weight="semibold">{person.share_percent}%</Text>
              </li>
            ))}
          </ul>
          <Text size={200}>{changedOn(current.changed_at)}</Text>
        </>
      ) : (
        <Text>No beneficiaries on file.</Text>
      )}
      {data.pin ? (
        <div className={s.row}>
          <Button icon={<EditRegular />} onClick={() => setEditing(true)} {...restoreFocus}>
            {current ? 'Edit beneficiaries' : 'Add beneficiaries'}
          </Button>
          <Text size={200}>Your security PIN is asked before they change.</Text>
        </div>
      ) : (
        <Text>Set your security PIN below first: it is asked before your beneficiaries change.</Text>
      )}
      {editing && (
        <BeneficiariesDialog
          initial={current?.list ?? []}
          onClose={() => setEditing(false)}
          onSaved={(next, message) => {
            setEditing(false);
            onSaved(next, message);
          }}
          surfaceClassName={b.surface}
          rowClassName={b.row}
          legendClassName={b.legend}
          removeClassName={b.remove}
        />
      )}
    </Card>
  );
}

interface DialogProps {
  initial: NonNullable<MemberData['beneficiaries']>['list'];
  onClose: () => void;
  onSaved: (next: MemberData, message: string) => void;
  surfaceClassName: string;
  rowClassName: string;
  legendClassName: string;
  removeClassName: string;
}

function BeneficiariesDialog({ initial, onClose, onSaved, surfaceClassName, rowClassName, legendClassName, removeClassName }: DialogProps) {
  const s = useSectionStyles();
  const [rows, setRows] = useState<BeneficiaryDraft[]>(() => (initial.length > 0 ? initial.map(beneficiaryDraft) : [{ ...beneficiaryDraft(), share: '100' }]));
  const { pin, setPin, busy, errors, general, formRef, submit: save } = usePinGuardedSave({
    schema: ChangeBeneficiariesBody,
    save: saveBeneficiaries,
    failMessage: 'Your beneficiaries could not be saved. Try again.',
    onSaved,
  });
  const total = sharesTotal(rows);

  const update = (key: number, patch: Partial<BeneficiaryDraft>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const submit = (e: FormEvent) => save(e, { beneficiaries: beneficiariesOf(rows), pin });

  const shareError = errors.beneficiaries ?? null;
  return (
    <FormDialog
      title="Edit beneficiaries"
      busy={busy}
      onDismiss={onClose}
      onSubmit={(e) => void submit(e)}
      formRef={formRef}
      surfaceClassName={surfaceClassName}
      submitLabel={busy ? 'Saving…' : 'Save beneficiaries'}
      cancelFirst
    >
      <Text>Who receives the benefits of your membership. Their shares must add up to 100%.</Text>
      <AlertBar>{general}</AlertBar>
      {rows.map((row, i) => {
        const at = (field: string) => errors[`beneficiaries.${i}.${field}`];
        return (
          <fieldset key={row.key} className={rowClassName}>
            <legend className={legendClassName}>Beneficiary {i + 1}</legend>
            <Field label="Full name" required validationMessage={at('full_name')}>
              <Input value={row.full_name} autoComplete="off" onChange={(_, d) => update(row.key, { full_name: d.value })} />
            </Field>
            <Field label="Relationship" required validationMessage={at('relationship')}>
              <Input value={row.relationship} onChange={(_, d) => update(row.key, { relationship: d.value })} />
            </Field>
            <Field label="Email (optional)" validationMessage={at('email')}>
              <Input type="email" value={row.email} onChange={(_, d) => update(row.key, { email: d.value })} />
            </Field>
            <Field label="Share (%)" required validationMessage={at('share_percent')}>
              <Input inputMode="numeric" value={row.share} onChange={(_, d) => update(row.key, { share: d.value.replace(/\D/g, '').slice(0, 3) })} />
            </Field>
            {rows.length > 1 && (
              <Button className={removeClassName} icon={<DeleteRegular />} disabledFocusable={busy} onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}>
                Remove beneficiary {i + 1}
              </Button>
            )}
          </fieldset>
        );
      })}
      <div className={s.row}>
        <Button icon={<AddRegular />} disabledFocusable={busy || rows.length >= MAX_BENEFICIARIES} onClick={() => setRows((all) => [...all, beneficiaryDraft()])}>
          Add a beneficiary
        </Button>
        <Text aria-live="polite">Total: {total}%</Text>
      </div>
      {shareError && <AlertBar>{`The shares add up to ${total}%. ${shareError}.`}</AlertBar>}
      <Field label="Security PIN" required hint="Your 4 to 6 digit security PIN." validationMessage={errors.pin}>
        <Input type="password" inputMode="numeric" autoComplete="off" value={pin} onChange={(_, d) => setPin(d.value.replace(/\D/g, '').slice(0, 6))} />
      </Field>
    </FormDialog>
  );
}
