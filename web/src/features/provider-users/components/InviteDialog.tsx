import { useState } from 'react';
import { Field, Input, makeStyles } from '@fluentui/react-components';
import type { PropertySummary } from '@acpg/contracts/properties';
import { PROVIDER_USER_ROLES, type ProviderUserRole } from '@acpg/contracts/provider-users';
import { AlertBar } from '../../../components/AlertBar.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { OptionSelect } from '../../../components/OptionSelect.tsx';
import { useDraftForm, type DraftCheck } from '../../../lib/draft-form.ts';
import { notify } from '../../../lib/notify.ts';
import { inviteProviderUser } from '../api/provider-users.ts';
import { PropertyPicker, type AddressFinder } from './PropertyPicker.tsx';

export interface ProviderChoice {
  id: string;
  name: string;
}

const ROLE_OPTIONS = PROVIDER_USER_ROLES.map((r) => ({ value: r, label: r }));
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Draft {
  email: string;
  role: ProviderUserRole | '';
  provider_id: string;
}
type Body = { email: string; role: ProviderUserRole; provider_id?: string; properties?: string[] };

const useStyles = makeStyles({ input: { width: '100%', minWidth: 0 } });

/**
 * Invites one person by email with a role; Super Admins and Admins also pick the provider (`providers`). Properties
 * found with the address autocomplete are attached for the user to confirm when they accept.
 */
export function InviteDialog({ providers, AddressAutocomplete, onClose, onInvited }: { providers: readonly ProviderChoice[] | null; AddressAutocomplete: AddressFinder; onClose: () => void; onInvited: () => void }) {
  const s = useStyles();
  const [properties, setProperties] = useState<PropertySummary[]>([]);
  const check = (d: Draft): DraftCheck<Draft, Body> => {
    const errors: Partial<Record<keyof Draft, string>> = {};
    if (!EMAIL.test(d.email.trim())) errors.email = 'Enter a valid email address';
    if (!d.role) errors.role = 'Pick a role';
    if (providers && !d.provider_id) errors.provider_id = 'Pick the provider';
    if (Object.keys(errors).length > 0 || !d.role) return { ok: false, errors };
    return { ok: true, body: { email: d.email.trim(), role: d.role, ...(providers ? { provider_id: d.provider_id } : {}), ...(properties.length ? { properties: properties.map((p) => p.id) } : {}) } };
  };
  const { draft, set, field, failure, saving, submit } = useDraftForm<Draft, Body>({
    initial: () => ({ email: '', role: '', provider_id: '' }),
    check,
    save: async (body) => {
      const answer = await inviteProviderUser(body);
      notify.success(answer.message ?? `An invitation was sent to ${body.email}.`);
      onInvited();
    },
    failed: 'The invitation was not sent. Try again.',
  });
  return (
    <FormDialog title="Invite a user" busy={saving} onDismiss={onClose} onSubmit={(e) => void submit(e)} submitLabel={saving ? 'Sending…' : 'Send invitation'} cancelFirst>
      <AlertBar>{failure}</AlertBar>
      <Field label="Email" required hint="The invitation's link and code go to this address; only this email can accept it." {...field('email')}>
        <Input className={s.input} type="email" value={draft.email} onChange={(_, d) => set('email', d.value)} autoComplete="off" />
      </Field>
      <Field label="Role" required {...field('role')}>
        <OptionSelect<ProviderUserRole> value={draft.role} onChange={(v) => set('role', v)} placeholder="Choose a role" options={ROLE_OPTIONS} />
      </Field>
      {providers && (
        <Field label="Provider" required {...field('provider_id')}>
          <OptionSelect value={draft.provider_id} onChange={(v) => set('provider_id', v)} placeholder="Choose a provider" options={providers.map((p) => ({ value: p.id, label: p.name }))} />
        </Field>
      )}
      <PropertyPicker AddressAutocomplete={AddressAutocomplete} value={properties} onChange={setProperties} />
    </FormDialog>
  );
}
