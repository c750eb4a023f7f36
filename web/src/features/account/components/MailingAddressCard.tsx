import { useState, type FormEvent } from 'react';
import { Button, Card, Field, Input, Text, makeStyles, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import { EditRegular, HomeRegular } from '@fluentui/react-icons';
import { ChangeMailingAddressBody, type MemberData } from '@acpg/contracts/member-data';
import type { MailingAddress } from '@acpg/contracts/sign-up';
import type { VerifiedProperty } from '@acpg/contracts/properties';
import { AlertBar } from '../../../components/AlertBar.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { OptionSelect } from '../../../components/OptionSelect.tsx';
import { useFocusFirstInvalid } from '../../../lib/focus.ts';
import { US_STATE_OPTIONS } from '../../../lib/us-states.ts';
import { saveMailingAddress } from '../api/member-data.ts';
import { issuesByPath } from '../member-data-form.ts';
import { fieldErrors, messageOf, useSectionStyles } from './form-styles.ts';
import { changedOn } from './member-data-words.ts';

const useStyles = makeStyles({
  address: { fontStyle: 'normal', overflowWrap: 'anywhere' },
  picks: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXS },
});

type AddressDraft = { line1: string; line2: string; city: string; state: string; zip: string };
const draftOf = (a: MailingAddress | null): AddressDraft => ({ line1: a?.line1 ?? '', line2: a?.line2 ?? '', city: a?.city ?? '', state: a?.state ?? '', zip: a?.zip ?? '' });
export const oneLine = (a: { line1: string; line2?: string | undefined; city: string; state: string; zip: string }) =>
  `${a.line1}${a.line2 ? `, ${a.line2}` : ''}, ${a.city}, ${a.state} ${a.zip}`;

/** Where we send letters; Edit offers the member's verified properties as quick picks. */
export function MailingAddressCard({ data, properties, onSaved }: { data: MemberData; properties: readonly VerifiedProperty[]; onSaved: (next: MemberData, message: string) => void }) {
  const s = useSectionStyles();
  const m = useStyles();
  const [editing, setEditing] = useState(false);
  const restoreFocus = useRestoreFocusTarget();
  const current = data.mailing_address;
  return (
    <Card className={s.card}>
      <Text as="h2" size={500} weight="semibold" className={s.flush}>
        Mailing address
      </Text>
      {current ? (
        <>
          <address className={m.address}>{oneLine(current.address)}</address>
          <Text size={200}>{changedOn(current.changed_at)}</Text>
        </>
      ) : (
        <Text>No mailing address on file.</Text>
      )}
      <div className={s.row}>
        <Button icon={<EditRegular />} onClick={() => setEditing(true)} {...restoreFocus}>
          {current ? 'Edit mailing address' : 'Add a mailing address'}
        </Button>
      </div>
      {editing && (
        <AddressDialog
          initial={current?.address ?? null}
          properties={properties}
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

function AddressDialog({ initial, properties, onClose, onSaved }: { initial: MailingAddress | null; properties: readonly VerifiedProperty[]; onClose: () => void; onSaved: (next: MemberData, message: string) => void }) {
  const m = useStyles();
  const [address, setAddress] = useState<AddressDraft>(() => draftOf(initial));
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid<HTMLFormElement>();
  const set = (patch: Partial<AddressDraft>) => setAddress((a) => ({ ...a, ...patch }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const { line2, ...rest } = address;
    const parsed = ChangeMailingAddressBody.safeParse({ address: { ...rest, ...(line2.trim() ? { line2 } : {}) } });
    if (!parsed.success) {
      setErrors(issuesByPath(parsed.error));
      setGeneral(null);
      return focusFirstInvalid();
    }
    setErrors({});
    setGeneral(null);
    setBusy(true);
    try {
      const saved = await saveMailingAddress(parsed.data);
      onSaved(saved.data, saved.message);
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      setGeneral(Object.keys(fields).length === 0 ? messageOf(err, 'Your mailing address could not be saved. Try again.') : null);
      focusFirstInvalid();
    } finally {
      setBusy(false);
    }
  };

  const at = (field: keyof AddressDraft) => errors[`address.${field}`];
  return (
    <FormDialog title="Mailing address" busy={busy} onDismiss={onClose} onSubmit={(e) => void submit(e)} formRef={formRef} submitLabel={busy ? 'Saving…' : 'Save address'} cancelFirst>
      <AlertBar>{general}</AlertBar>
      {properties.length > 0 && (
        <div className={m.picks} role="group" aria-label="Use a verified property's address">
          <Text weight="semibold">Use a verified property</Text>
          {properties.map((p) => (
            <Button key={p.property_id} appearance="subtle" icon={<HomeRegular />} onClick={() => setAddress({ line1: p.address_line, line2: '', city: p.city, state: p.state, zip: p.zip })}>
              {`${p.address_line}, ${p.city}`}
            </Button>
          ))}
        </div>
      )}
      <Field label="Street address" required validationMessage={at('line1')}>
        <Input autoComplete="address-line1" value={address.line1} onChange={(_, d) => set({ line1: d.value })} />
      </Field>
      <Field label="Apartment, suite (optional)" validationMessage={at('line2')}>
        <Input autoComplete="address-line2" value={address.line2} onChange={(_, d) => set({ line2: d.value })} />
      </Field>
      <Field label="City" required validationMessage={at('city')}>
        <Input autoComplete="address-level2" value={address.city} onChange={(_, d) => set({ city: d.value })} />
      </Field>
      <Field label="State" required validationMessage={at('state')}>
        <OptionSelect value={address.state} onChange={(state) => set({ state })} placeholder="Choose a state" options={US_STATE_OPTIONS} />
      </Field>
      <Field label="ZIP code" required validationMessage={at('zip')}>
        <Input autoComplete="postal-code" inputMode="numeric" value={address.zip} onChange={(_, d) => set({ zip: d.value })} />
      </Field>
    </FormDialog>
  );
}
