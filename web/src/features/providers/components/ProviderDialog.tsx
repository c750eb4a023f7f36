import { useState, type ComponentType } from 'react';
import { Caption1, Field, Input, Label, makeStyles, tokens, useId } from '@fluentui/react-components';
import type { PropertySummary } from '@acpg/contracts/properties';
import { PROVIDER_KINDS, type ProviderKind, type ProviderView } from '@acpg/contracts/providers';
import { AlertBar } from '../../../components/AlertBar.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { OptionSelect } from '../../../components/OptionSelect.tsx';
import { useDraftForm } from '../../../lib/draft-form.ts';
import { notify } from '../../../lib/notify.ts';
import { US_STATE_OPTIONS } from '../../../lib/us-states.ts';
import { createProvider, editProvider, uploadProviderLogo } from '../api/providers.ts';
import { emptyProviderDraft, providerBodyOf, providerDraftOf } from '../provider-form.ts';

/** The properties' address autocomplete, handed in by the route (features do not import each other). */
export type AddressFinder = ComponentType<{ label: string; value: PropertySummary | null; onSelect: (property: PropertySummary) => void; onClear?: () => void; hint?: string }>;

const KIND_OPTIONS = PROVIDER_KINDS.map((k) => ({ value: k, label: k }));
/** The logo's largest file: the server refuses more (and checks the content). */
const MAX_LOGO_BYTES = 2 * 1024 * 1024;

const useStyles = makeStyles({
  // Fields of one row keep their own height (a hint under one does not stretch the others' inputs).
  grid: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(min(200px, 100%), 1fr))', alignItems: 'start' },
  input: { minWidth: 0, width: '100%' },
  surface: { maxWidth: 'min(720px, calc(100vw - 32px))' },
  file: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The file could not be read. Choose it again.'));
    reader.readAsDataURL(file);
  });

export interface ProviderDialogProps {
  /** The provider to edit (with the version read); null: a new provider. */
  editing: ProviderView | null;
  AddressAutocomplete: AddressFinder;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** Creates a provider or changes its details (an edit sends the version it read: a change made since is refused). */
export function ProviderDialog({ editing, AddressAutocomplete, onClose, onSaved }: ProviderDialogProps) {
  const s = useStyles();
  const [found, setFound] = useState<PropertySummary | null>(null);
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const logoId = useId('provider-logo');
  const logoHint = useId('provider-logo-hint');
  const { draft, set, field, failure, saving, submit } = useDraftForm({
    initial: () => (editing ? providerDraftOf(editing) : emptyProviderDraft()),
    check: providerBodyOf,
    save: async (body) => {
      const saved = editing ? await editProvider(editing.id, { ...body, version: editing.version }) : await createProvider(body);
      if (logo) {
        // The details are saved (a retry would send a version that moved on): a refused logo is told, and the dialog closes.
        try {
          await uploadProviderLogo(saved.data.id, await readAsDataUrl(logo));
        } catch (error) {
          notify.error(`The logo was not saved: ${error instanceof Error ? error.message : 'try again'}. Edit the provider to choose another image.`);
        }
      }
      onSaved(saved.message ?? `${body.name} was saved.`);
    },
    failed: 'The provider could not be saved. Try again.',
  });

  return (
    <FormDialog
      title={editing ? `Edit ${editing.name}` : 'Add a provider'}
      busy={saving}
      onDismiss={onClose}
      onSubmit={(e) => {
        if (logoError) {
          e.preventDefault();
          return;
        }
        void submit(e);
      }}
      submitLabel={saving ? 'Saving…' : editing ? 'Save' : 'Add provider'}
      surfaceClassName={s.surface}
      cancelFirst
    >
      <AlertBar>{failure}</AlertBar>
      <div className={s.grid}>
        <Field label="Name" required {...field('name')}>
          <Input className={s.input} value={draft.name} onChange={(_, d) => set('name', d.value)} autoComplete="organization" />
        </Field>
        <Field label="Kind" required {...field('kind')}>
          <OptionSelect<ProviderKind> value={draft.kind} onChange={(v) => set('kind', v)} placeholder="Choose a kind" options={KIND_OPTIONS} />
        </Field>
      </div>
      <div className={s.grid}>
        <Field label="Contact name" required {...field('contact_name')}>
          <Input className={s.input} value={draft.contact_name} onChange={(_, d) => set('contact_name', d.value)} autoComplete="off" />
        </Field>
        <Field label="Contact email" required {...field('contact_email')}>
          <Input className={s.input} type="email" value={draft.contact_email} onChange={(_, d) => set('contact_email', d.value)} autoComplete="off" />
        </Field>
        <Field label="Contact phone" hint="Optional. US numbers as typed; others with their country code." {...field('contact_phone')}>
          <Input className={s.input} type="tel" value={draft.contact_phone} onChange={(_, d) => set('contact_phone', d.value)} autoComplete="off" />
        </Field>
      </div>
      {/* Escape in the address finder closes its suggestions only, never the dialog (and the form typed so far). */}
      <div
        onKeyDown={(e) => {
          if (e.key === 'Escape') e.preventDefault();
        }}
      >
        <AddressAutocomplete
          label="Find the office address (optional)"
          value={found}
          onSelect={(p) => {
            setFound(p);
            set('line1', p.address_line);
            set('city', p.city);
            set('state', p.state);
            set('zip', p.zip);
          }}
          onClear={() => setFound(null)}
        />
      </div>
      <div className={s.grid}>
        <Field label="Street address" required {...field('line1')}>
          <Input className={s.input} value={draft.line1} onChange={(_, d) => set('line1', d.value)} autoComplete="off" />
        </Field>
        <Field label="Suite (optional)" {...field('line2')}>
          <Input className={s.input} value={draft.line2} onChange={(_, d) => set('line2', d.value)} autoComplete="off" />
        </Field>
        <Field label="City" required {...field('city')}>
          <Input className={s.input} value={draft.city} onChange={(_, d) => set('city', d.value)} autoComplete="off" />
        </Field>
        <Field label="State" required {...field('state')}>
          <OptionSelect value={draft.state} onChange={(v) => set('state', v)} placeholder="Choose a state" options={US_STATE_OPTIONS} />
        </Field>
        <Field label="ZIP code" required {...field('zip')}>
          <Input className={s.input} inputMode="numeric" value={draft.zip} onChange={(_, d) => set('zip', d.value)} autoComplete="off" />
        </Field>
      </div>
      {/* A native file input: Fluent's Field labels only its own controls, so the label points at it by id. */}
      <div className={s.file}>
        <Label htmlFor={logoId}>{editing?.logo ? 'New logo (optional)' : 'Logo (optional)'}</Label>
        <input
          id={logoId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-describedby={logoHint}
          aria-invalid={logoError ? true : undefined}
          onChange={(e) => {
            const file = e.target.files?.[0] ?? null;
            setLogo(file);
            setLogoError(file && file.size > MAX_LOGO_BYTES ? 'The logo is larger than 2 MB. Choose a smaller image.' : null);
          }}
        />
        <Caption1 id={logoHint} className={logoError ? s.error : undefined} role={logoError ? 'alert' : undefined}>
          {logoError ?? 'A JPEG, PNG or WebP image of at most 2 MB.'}
        </Caption1>
      </div>
    </FormDialog>
  );
}
