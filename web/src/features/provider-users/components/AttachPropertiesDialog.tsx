import { useState, type FormEvent } from 'react';
import type { PropertySummary } from '@acpg/contracts/properties';
import type { ProviderUserView } from '@acpg/contracts/provider-users';
import { AlertBar } from '../../../components/AlertBar.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { notify } from '../../../lib/notify.ts';
import { attachProperties, useProviderUserProperties } from '../api/provider-users.ts';
import { PropertyPicker, type AddressFinder } from './PropertyPicker.tsx';

/** "Attach properties" on a waiting invitation: more properties for the user to confirm when they accept. */
export function AttachPropertiesDialog({ user, AddressAutocomplete, onClose, onAttached }: { user: ProviderUserView; AddressAutocomplete: AddressFinder; onClose: () => void; onAttached: () => void }) {
  const details = useProviderUserProperties(user.id);
  const attached = details.data?.attached ?? [];
  const [properties, setProperties] = useState<PropertySummary[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const fresh = properties.filter((p) => !attached.some((a) => a.id === p.id));
    if (fresh.length === 0) {
      setFailure('Find at least one property that is not attached yet.');
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      const answer = await attachProperties(user.id, fresh.map((p) => p.id));
      notify.success(answer.message ?? 'The properties were attached.');
      onAttached();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The properties were not attached. Try again.');
    } finally {
      setSaving(false);
    }
  };
  return (
    <FormDialog title={`Attach properties for ${user.email}`} busy={saving} onDismiss={onClose} onSubmit={(e) => void submit(e)} submitLabel={saving ? 'Attaching…' : 'Attach'} cancelFirst>
      <AlertBar>{failure ?? (details.status === 'error' ? details.error : null)}</AlertBar>
      {attached.length > 0 && <p>{`Attached already: ${attached.map((p) => `${p.address_line}, ${p.city}`).join('; ')}.`}</p>}
      <PropertyPicker AddressAutocomplete={AddressAutocomplete} value={properties} onChange={setProperties} already={attached.length} />
    </FormDialog>
  );
}
