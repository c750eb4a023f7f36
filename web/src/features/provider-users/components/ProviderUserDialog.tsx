import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ProviderUserProperty, ProviderUserView } from '@acpg/contracts/provider-users';
import { SimpleDialog } from '../../../components/SimpleDialog.tsx';
import { LoadingSpinner } from '../../../components/PageState.tsx';
import { AlertBar } from '../../../components/AlertBar.tsx';
import { formatDateUs } from '../../../lib/dates.ts';
import { useProviderUserProperties } from '../api/provider-users.ts';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXS, margin: 0 },
  pair: { display: 'contents' },
  term: { fontWeight: tokens.fontWeightSemibold },
  value: { margin: 0, overflowWrap: 'anywhere', minWidth: 0 },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

const METHODS: Record<string, string> = { mailed_code: 'code mailed to the property', document: 'document reviewed', provider: 'confirmed through the provider' };
const addressOf = (p: { address_line: string; city: string; state: string; zip: string }) => `${p.address_line}, ${p.city}, ${p.state} ${p.zip}`;
const howVerified = (p: ProviderUserProperty) => p.source ?? (p.method ? METHODS[p.method] ?? p.method : 'verified');

/** A provider user opened from the list: their details, the properties attached to the invitation, and their verified properties. */
export function ProviderUserDialog({ user, statusLabel, onClose }: { user: ProviderUserView; statusLabel: string; onClose: () => void }) {
  const s = useStyles();
  const details = useProviderUserProperties(user.id);
  const facts: [string, string][] = [
    ['Email', user.email],
    ['Name', user.full_name ?? 'Not joined yet'],
    ['Role', user.role],
    ['Status', statusLabel],
    ['Provider', user.provider_name],
    ['Invited', formatDateUs(user.invited_at)],
    ...(user.accepted_at ? ([['Joined', formatDateUs(user.accepted_at)]] as [string, string][]) : []),
  ];
  return (
    <SimpleDialog title={user.full_name ?? user.email} onDismiss={onClose} contentClassName={s.content} actions={<Button appearance="primary" onClick={onClose}>Close</Button>}>
      <dl className={s.facts}>
        {facts.map(([term, value]) => (
          <div key={term} className={s.pair}>
            <dt className={s.term}>{term}</dt>
            <dd className={s.value}>{value}</dd>
          </div>
        ))}
      </dl>
      {details.status === 'error' && <AlertBar>{details.error}</AlertBar>}
      {details.status === 'loading' && <LoadingSpinner label="Loading the properties" />}
      {details.data && (
        <>
          <Text as="h2" weight="semibold" size={400}>
            Verified properties
          </Text>
          {details.data.verified.length === 0 ? (
            <Text>{user.account_id ? 'No verified properties yet.' : 'They have not joined yet: no verified properties.'}</Text>
          ) : (
            <ul className={s.list} aria-label="Verified properties">
              {details.data.verified.map((p) => (
                <li key={p.property_id}>
                  <Text>{`${addressOf(p)} (APN ${p.apn}), ${howVerified(p)}, ${formatDateUs(p.verified_at)}`}</Text>
                </li>
              ))}
            </ul>
          )}
          {details.data.attached.length > 0 && (
            <>
              <Text as="h2" weight="semibold" size={400}>
                Attached to the invitation
              </Text>
              <ul className={s.list} aria-label="Attached properties">
                {details.data.attached.map((p) => (
                  <li key={p.id}>
                    <Text>{addressOf(p)}</Text>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </SimpleDialog>
  );
}
