import { useState, type FormEvent } from 'react';
import { Body1, Button, Caption1, Field, Image, Input, Spinner, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ProviderAdminView, ProviderDetail } from '@acpg/contracts/providers';
import { AlertBar } from '../../../components/AlertBar.tsx';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { SimpleDialog } from '../../../components/SimpleDialog.tsx';
import { SubmitButton } from '../../../components/SubmitButton.tsx';
import { formatDateUs } from '../../../lib/dates.ts';
import { notify } from '../../../lib/notify.ts';
import { formatPhone } from '../../../lib/phone.ts';
import { countOf } from '../../../lib/plural.ts';
import { appointProviderAdmin, removeProviderAdmin, useProvider } from '../api/providers.ts';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(720px, calc(100vw - 32px))' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  header: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'center', flexWrap: 'wrap' },
  logo: { width: '64px', height: '64px', objectFit: 'contain' },
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, margin: 0 },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  counts: { display: 'flex', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  admins: { listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  admin: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  who: { display: 'flex', flexDirection: 'column', minWidth: 0, overflowWrap: 'anywhere' },
  appoint: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', flexWrap: 'wrap' },
  email: { flexGrow: 1, minWidth: 'min(240px, 100%)' },
});

function Facts({ provider }: { provider: ProviderDetail }) {
  const s = useStyles();
  const a = provider.address;
  const rows: [string, string][] = [
    ['Kind', provider.kind],
    ['Status', provider.status === 'active' ? 'Active' : 'Deactivated'],
    ['Contact', provider.contact.name],
    ['Email', provider.contact.email],
    ['Phone', provider.contact.phone ? formatPhone(provider.contact.phone) : 'None given'],
    ['Address', [a.line1, a.line2, `${a.city}, ${a.state} ${a.zip}`].filter(Boolean).join(', ')],
    ['Created', formatDateUs(provider.created_at)],
  ];
  return (
    <dl className={s.facts}>
      {rows.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt className={s.term}>{term}</dt>
          <dd className={s.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function AdminRow({ admin, busy, onRemove }: { admin: ProviderAdminView; busy: boolean; onRemove: () => void }) {
  const s = useStyles();
  const name = admin.full_name ?? admin.email ?? admin.account_id;
  return (
    <li className={s.admin}>
      <span className={s.who}>
        <Text weight="semibold">{name}</Text>
        <Caption1>
          {admin.email ?? 'Email not known yet'} · appointed {formatDateUs(admin.appointed_at)}
        </Caption1>
      </span>
      <Button size="small" disabledFocusable={busy} onClick={onRemove} aria-label={`Remove ${name} as Provider Admin`}>
        Remove
      </Button>
    </li>
  );
}

/** A provider at a glance: its details, counts, and its Provider Admins (appoint by email, remove with a confirmation). */
export function ProviderDetailDialog({ providerId, onClose, onChanged }: { providerId: string; onClose: () => void; onChanged: () => void }) {
  const s = useStyles();
  const [minVersion, setMinVersion] = useState<number | null>(null);
  const provider = useProvider(providerId, minVersion);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [appointing, setAppointing] = useState(false);
  const [removing, setRemoving] = useState<ProviderAdminView | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const changed = (version: number, message: string) => {
    notify.success(message);
    setMinVersion(version);
    onChanged();
  };

  const appoint = async (e: FormEvent) => {
    e.preventDefault();
    if (appointing) return;
    const typed = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(typed)) {
      setEmailError('Enter the email of an existing account.');
      return;
    }
    setAppointing(true);
    setEmailError(null);
    try {
      const answer = await appointProviderAdmin(providerId, typed);
      setEmail('');
      changed(answer.data.version, answer.message ?? `${typed} is now a Provider Admin.`);
    } catch (error) {
      setEmailError(error instanceof Error ? error.message : 'The Provider Admin could not be appointed. Try again.');
    } finally {
      setAppointing(false);
    }
  };

  const remove = async (admin: ProviderAdminView) => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await removeProviderAdmin(providerId, admin.account_id);
      setRemoving(null);
      changed(answer.data.version, answer.message ?? 'The Provider Admin was removed.');
    } catch (error) {
      setRemoving(null);
      setFailure(error instanceof Error ? error.message : 'The Provider Admin could not be removed. Try again.');
    } finally {
      setBusy(false);
    }
  };

  const data = provider.data;
  const title = data ? data.name : 'Provider';
  return (
    <>
      <SimpleDialog
        onDismiss={onClose}
        title={title}
        contentClassName={s.content}
        closable
      >
        {provider.status === 'error' && !data && <ErrorState title="The provider could not be loaded" message={provider.error ?? 'Try again.'} onRetry={provider.reload} />}
        {!data && provider.status !== 'error' && <LoadingBlock label="Loading the provider" lines={4} />}
        {data && (
          <>
            <div className={s.header}>
              {data.logo && <Image className={s.logo} src={data.logo.url} srcSet={data.logo.srcset} sizes="64px" alt={`${data.name} logo`} />}
              <Facts provider={data} />
            </div>
            <section aria-labelledby="provider-counts">
              <Subtitle2 as="h3" id="provider-counts">
                At a glance
              </Subtitle2>
              <div className={s.counts}>
                <Body1>{countOf(data.counts.provider_admins, { one: 'Provider Admin', other: 'Provider Admins' })}</Body1>
              </div>
              <Caption1>Users, properties, orders, enrollments and claims show here once provider users can be invited.</Caption1>
            </section>
            <section aria-labelledby="provider-admins">
              <Subtitle2 as="h3" id="provider-admins">
                Provider Admins {provider.status === 'loading' && <Spinner size="extra-tiny" aria-label="Updating" />}
              </Subtitle2>
              <AlertBar>{failure}</AlertBar>
              {data.admins.length === 0 ? (
                <Body1>No Provider Admins yet. Appoint one by the email of their account.</Body1>
              ) : (
                <ul className={s.admins}>
                  {data.admins.map((a) => (
                    <AdminRow key={a.account_id} admin={a} busy={busy} onRemove={() => setRemoving(a)} />
                  ))}
                </ul>
              )}
              {data.status === 'active' ? (
                <form className={s.appoint} onSubmit={(e) => void appoint(e)} noValidate aria-label="Appoint a Provider Admin">
                  <Field className={s.email} label="Email of an existing account" validationMessage={emailError ?? undefined} validationState={emailError ? 'error' : 'none'}>
                    <Input
                      type="email"
                      value={email}
                      onChange={(_, d) => {
                        setEmail(d.value);
                        setEmailError(null);
                      }}
                      autoComplete="off"
                    />
                  </Field>
                  <SubmitButton busy={appointing}>{appointing ? 'Appointing…' : 'Appoint'}</SubmitButton>
                </form>
              ) : (
                <Caption1>This provider is deactivated: reactivate it to appoint a Provider Admin.</Caption1>
              )}
            </section>
          </>
        )}
      </SimpleDialog>
      {removing && (
        <SimpleDialog
          alert
          onDismiss={() => setRemoving(null)}
          title="Remove this Provider Admin?"
          actions={
            <>
              <Button onClick={() => setRemoving(null)}>Keep</Button>
              <Button appearance="primary" disabledFocusable={busy} onClick={() => void remove(removing)}>
                {busy ? 'Removing…' : 'Remove'}
              </Button>
            </>
          }
        >
          {removing.full_name ?? removing.email ?? removing.account_id} loses the Provider Admin role and is signed out of the provider menu at once.
        </SimpleDialog>
      )}
    </>
  );
}
