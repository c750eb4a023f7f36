import { useState } from 'react';
import type { MemberData } from '@acpg/contracts/member-data';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { notify } from '../../../lib/notify.ts';
import { useMemberData, useVerifiedProperties } from '../api/member-data.ts';
import { BeneficiariesCard } from './BeneficiariesCard.tsx';
import { FaceSignatureCard, type ImageInputs } from './FaceSignatureCard.tsx';
import { MailingAddressCard } from './MailingAddressCard.tsx';
import { PayoutDetailsCard } from './PayoutDetailsCard.tsx';
import { PinCard } from './PinCard.tsx';
import { PropertiesCard } from './PropertiesCard.tsx';

/** What we hold besides the profile (issue 19): beneficiaries, mailing address, payout details, properties, face and signature, PIN. */
export function MemberDataSections({ imageInputs }: { imageInputs: ImageInputs | undefined }) {
  const loaded = useMemberData();
  const properties = useVerifiedProperties();
  const [edited, setEdited] = useState<MemberData | null>(null);
  const data = edited ?? loaded.data;

  const saved = (next: MemberData, message: string) => {
    setEdited(next);
    notify.success(message);
  };

  if (!data) {
    return loaded.status === 'error' ? (
      <ErrorState title="Your beneficiaries, address and PIN could not be loaded" message={loaded.error} onRetry={loaded.reload} />
    ) : (
      <LoadingBlock label="Loading your beneficiaries, address and PIN" lines={3} />
    );
  }
  const verified = properties.data?.items ?? null;
  return (
    <>
      <BeneficiariesCard data={data} onSaved={saved} />
      <MailingAddressCard data={data} properties={verified ?? []} onSaved={saved} />
      <PayoutDetailsCard data={data} onSaved={saved} />
      <PropertiesCard properties={verified} error={properties.status === 'error' ? properties.error : null} onRetry={properties.reload} />
      <FaceSignatureCard data={data} inputs={imageInputs} onSaved={saved} />
      <PinCard data={data} onSaved={saved} />
    </>
  );
}
