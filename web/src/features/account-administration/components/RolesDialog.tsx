import { useState, type FormEvent } from 'react';
import { Checkbox, Field, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import type { AdminAccountDetail } from '@acpg/contracts/account-administration';
import { ROLES, type RoleName } from '@acpg/contracts/role-names';
import { AlertBar } from '../../../components/AlertBar.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useFocusFirstInvalid } from '../../../lib/focus.ts';
import { changeRoles } from '../api/accounts.ts';
import { refusalOf, type Refusal } from './refusal.ts';

const useStyles = makeStyles({
  fieldset: { border: 'none', margin: 0, padding: 0, minWidth: 0 },
  legend: { padding: 0, marginBottom: tokens.spacingVerticalXS, fontWeight: tokens.fontWeightSemibold },
  group: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', columnGap: tokens.spacingHorizontalM },
  error: { color: tokens.colorPaletteRedForeground1 },
  text: { margin: 0 },
});

export interface RolesDialogProps {
  accountId: string;
  name: string;
  /** The roles the boxes start with (the account's, or those plus Admin to appoint one). */
  initial: readonly RoleName[];
  title: string;
  onClose: () => void;
  onChanged: (detail: AdminAccountDetail, message: string) => void;
}

/** Change an account's roles: a checkbox per role, a required reason; the account is signed out everywhere. */
export function RolesDialog({ accountId, name, initial, title, onClose, onChanged }: RolesDialogProps) {
  const s = useStyles();
  const [roles, setRoles] = useState<RoleName[]>([...initial]);
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid<HTMLFormElement>();
  const rolesError = refusal?.fields.roles;
  // A Provider Admin acts for a provider: their provider's page appoints one. Here it can only be taken away.
  const offered = ROLES.filter((role) => role !== 'Provider Admin' || initial.includes(role));

  const toggle = (role: RoleName, checked: boolean) => setRoles((now) => (checked ? ROLES.filter((r) => r === role || now.includes(r)) : now.filter((r) => r !== role)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const fields: Refusal['fields'] = {
      ...(roles.length === 0 ? { roles: 'Choose at least one role.' } : {}),
      ...(reason.trim() === '' ? { reason: 'Give a reason.' } : {}),
    };
    if (fields.roles || fields.reason) {
      setRefusal({ form: '', fields });
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    try {
      const answer = await changeRoles(accountId, { roles, reason: reason.trim() });
      onChanged(answer.data, answer.message ?? 'The roles were changed.');
    } catch (error) {
      setRefusal(refusalOf(error, 'The roles could not be changed. Try again.'));
      focusFirstInvalid();
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog title={title} busy={busy} onDismiss={onClose} onSubmit={(e) => void submit(e)} formRef={formRef} submitLabel="Change roles" cancelFirst>
      <p className={s.text}>{name} is signed out everywhere once the roles change. The reason is kept with your name.</p>
      {/* A checkbox group is a fieldset (a Field labels one control only). A refusal marks the first box invalid: focus goes there. */}
      <fieldset className={s.fieldset} aria-describedby={rolesError ? 'roles-error' : undefined}>
        <legend className={s.legend}>Roles (at least one)</legend>
        <div className={s.group}>
          {offered.map((role, i) => (
            <Checkbox
              key={role}
              label={role}
              checked={roles.includes(role)}
              onChange={(_, d) => toggle(role, d.checked === true)}
              {...(i === 0 && rolesError ? { input: { 'aria-invalid': true } } : {})}
            />
          ))}
        </div>
        {!offered.includes('Provider Admin') && <Text size={200}>Provider Admins are appointed on their provider&rsquo;s page (Provider).</Text>}
        {rolesError && (
          <Text id="roles-error" className={s.error}>
            {rolesError}
          </Text>
        )}
      </fieldset>
      <Field label="Reason" required validationMessage={refusal?.fields.reason} validationState={refusal?.fields.reason ? 'error' : 'none'}>
        <Textarea value={reason} maxLength={500} resize="vertical" onChange={(_, d) => setReason(d.value)} />
      </Field>
      <AlertBar>{refusal?.form}</AlertBar>
    </FormDialog>
  );
}
