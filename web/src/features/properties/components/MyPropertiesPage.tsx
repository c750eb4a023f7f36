import { useState } from 'react';
import { Button, Card, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { OwnershipVerification, PropertySummary } from '@acpg/contracts/properties';
import { StatusBadge } from '../../../components/GridCells.tsx';
import { EmptyState, ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { ScreenHeading } from '../../../components/ScreenHeading.tsx';
import { formatAddress, useMyVerifications } from '../api/properties.ts';
import { AddressAutocomplete } from './AddressAutocomplete.tsx';
import { PropertyVerificationForm } from './PropertyVerificationForm.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, minWidth: 0 },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, listStyleType: 'none', margin: 0, padding: 0 },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  cardHead: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap', overflowWrap: 'anywhere' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '40rem' },
  muted: { color: tokens.colorNeutralForeground2 },
});

const STATUS: Record<OwnershipVerification['status'], { label: string; color: 'success' | 'warning' | 'danger' }> = {
  verified: { label: 'Verified', color: 'success' },
  letter_sent: { label: 'Letter on its way', color: 'warning' },
  document_review: { label: 'Document under review', color: 'warning' },
  document_rejected: { label: 'Document not accepted', color: 'danger' },
  locked: { label: 'Locked', color: 'danger' },
};

const onDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/**
 * /my-properties: the member's properties and their verification. A property whose letter is on its way has the place
 * to enter the code from the letter; another property is verified from "Verify another property".
 */
export default function MyPropertiesPage() {
  const s = useStyles();
  const mine = useMyVerifications();
  const [picked, setPicked] = useState<PropertySummary | null>(null);
  const [verifying, setVerifying] = useState<string | null>(null);
  const items = mine.data?.items ?? [];
  const known = picked ? items.find((v) => v.property_id === picked.id) : undefined;

  return (
    <section className={s.root} aria-labelledby="my-properties-title">
      <ScreenHeading id="my-properties-title" title="My properties" />
      <Text className={s.muted}>
        A property is verified on your account once you enter the code we mailed to its address, or once we approve your deed or tax bill. Claims and Equity Protect need a verified property.
      </Text>
      {mine.status === 'error' && <ErrorState title="Your properties could not be loaded" message={mine.error} onRetry={mine.reload} />}
      {mine.status === 'loading' && !mine.data && <LoadingBlock label="Loading your properties" />}
      {mine.data && items.length === 0 && <EmptyState>No properties yet. Find yours below and we will mail a code to it.</EmptyState>}
      {items.length > 0 && (
        <ul className={s.list} aria-label="Your properties">
          {items.map((v) => (
            <li key={v.property_id}>
              <Card className={s.card}>
                <div className={s.cardHead}>
                  <Subtitle2 as="h2">{formatAddress(v.property)}</Subtitle2>
                  <StatusBadge color={STATUS[v.status].color}>{STATUS[v.status].label}</StatusBadge>
                </div>
                <Text className={s.muted}>
                  APN {v.property.apn}, {v.property.county} County
                  {v.verified_at ? `. Verified ${onDay(v.verified_at)}.` : ''}
                </Text>
                {v.status !== 'verified' && <PropertyVerificationForm propertyId={v.property_id} onVerified={mine.reload} />}
              </Card>
            </li>
          ))}
        </ul>
      )}
      <div className={s.section}>
        <Subtitle2 as="h2">Verify another property</Subtitle2>
        <AddressAutocomplete
          label="Property address or APN"
          value={picked}
          onSelect={(p) => {
            setPicked(p);
            setVerifying(null);
          }}
          onClear={() => {
            setPicked(null);
            setVerifying(null);
          }}
        />
        {picked && known && <Text role="status">{known.status === 'verified' ? 'This property is verified on your account: it is listed above.' : 'This property is listed above.'}</Text>}
        {picked && !known && verifying !== picked.id && (
          <div>
            <Button appearance="primary" onClick={() => setVerifying(picked.id)}>
              Verify this property
            </Button>
          </div>
        )}
        {picked && !known && verifying === picked.id && (
          <PropertyVerificationForm key={picked.id} propertyId={picked.id} onVerified={mine.reload} />
        )}
      </div>
    </section>
  );
}
