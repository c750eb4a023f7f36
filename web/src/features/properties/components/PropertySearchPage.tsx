import { useState } from 'react';
import { useSnapshot } from 'valtio';
import type { PropertySummary } from '@acpg/contracts/properties';
import { Button, Card, Spinner, Subtitle2, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { signInPathFor } from '../../../lib/return-path.ts';
import { notify } from '../../../lib/notify.ts';
import { session } from '../../../lib/session.ts';
import { AddressAutocomplete } from './AddressAutocomplete.tsx';
import { PropertyVerificationForm } from './PropertyVerificationForm.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '720px', minWidth: 0 },
  flush: { margin: 0 },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  details: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, margin: 0 },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, overflowWrap: 'anywhere' },
});

const PAGE_PATH = '/equity-protect-property-search';

/** Property search (spec route /equity-protect-property-search): find a property; signed in, verify that it is yours. */
export default function PropertySearchPage() {
  const s = useStyles();
  const snap = useSnapshot(session);
  const [property, setProperty] = useState<PropertySummary | null>(null);
  // Questions are asked only when asked for: each start counts against the account's 3 a day for that property.
  const [verifying, setVerifying] = useState<string | null>(null);

  return (
    <section className={s.root} aria-labelledby="property-search-title">
      <Title1 as="h1" id="property-search-title" className={s.flush}>
        Property search
      </Title1>
      <AddressAutocomplete label="Property address or APN" value={property} onSelect={setProperty} onClear={() => setProperty(null)} />
      {property && (
        <Card className={s.card}>
          <Subtitle2 as="h2" className={s.flush}>
            {property.address_line}
          </Subtitle2>
          <dl className={s.details}>
            <dt className={s.term}>City</dt>
            <dd className={s.value}>
              {property.city}, {property.state} {property.zip}
            </dd>
            <dt className={s.term}>County</dt>
            <dd className={s.value}>{property.county}</dd>
            <dt className={s.term}>APN</dt>
            <dd className={s.value}>{property.apn}</dd>
          </dl>
          {snap.restoring ? (
            <Spinner size="tiny" label="Checking your sign-in…" />
          ) : snap.accessToken ? (
            verifying === property.id ? (
              <>
                <Subtitle2 as="h3" className={s.flush}>
                  Verify that you own this property
                </Subtitle2>
                <PropertyVerificationForm key={property.id} propertyId={property.id} onVerified={(p) => notify.success(`${p.address_line} is verified on your account.`)} />
              </>
            ) : (
              <div>
                <Button appearance="primary" onClick={() => setVerifying(property.id)}>
                  Verify this property
                </Button>
              </div>
            )
          ) : (
            <div>
              <LinkButton to={signInPathFor(PAGE_PATH)} appearance="primary">
                Sign in to verify this property
              </LinkButton>
            </div>
          )}
        </Card>
      )}
    </section>
  );
}
