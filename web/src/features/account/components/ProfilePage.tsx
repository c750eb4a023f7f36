import { useState } from 'react';
import { Badge, Card, Text, Title1, makeStyles, tokens } from '@fluentui/react-components';
import type { Profile } from '@acpg/contracts/account';
import { notify } from '../../../lib/notify.ts';
import { MEMBERS } from '../../../lib/roles.ts';
import { updateSignedInUser } from '../../../lib/session.ts';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { useProfile } from '../api/profile.ts';
import { ContactChangeForm } from './ContactChangeForm.tsx';
import { NameForm } from './NameForm.tsx';
import { BrokerageForm, worksForBrokerage } from './BrokerageForm.tsx';
import { TimeZoneForm } from './TimeZoneForm.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import type { ImageInputs } from './FaceSignatureCard.tsx';
import { MemberDataSections } from './MemberDataSections.tsx';
import { PhotoForm, ProfileAvatar } from './PhotoForm.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '720px' },
  flush: { margin: 0 },
  who: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  name: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  details: {
    display: 'grid',
    gridTemplateColumns: 'minmax(100px, max-content) 1fr',
    columnGap: tokens.spacingHorizontalXL,
    rowGap: tokens.spacingVerticalM,
    margin: 0,
    '@media (max-width: 599px)': { gridTemplateColumns: '1fr', rowGap: tokens.spacingVerticalXS },
  },
  term: { color: tokens.colorNeutralForeground2, fontWeight: tokens.fontWeightSemibold },
  value: { margin: 0, overflowWrap: 'anywhere', '@media (max-width: 599px)': { marginBlockEnd: tokens.spacingVerticalS } },
  roles: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/**
 * /user-update-profile, the avatar menu's Profile entry (spec section 2): the account's details, each editable, then
 * for the customer side, what we hold of the member (beneficiaries, mailing address, properties, face and signature,
 * PIN). The app hands in the sign-up's camera and signature pad (`imageInputs`).
 */
export default function ProfilePage({ imageInputs }: { imageInputs?: ImageInputs }) {
  const s = useStyles();
  const loaded = useProfile();
  const [edited, setEdited] = useState<Profile | null>(null);
  const profile = edited ?? loaded.data;
  const position = profile?.role[0] ?? 'Position not available';

  const saved = (next: Profile, message: string) => {
    setEdited(next);
    updateSignedInUser(next);
    notify.success(message);
  };

  return (
    <section className={s.root} aria-labelledby="profile-title">
      <Title1 as="h1" id="profile-title" className={s.flush}>
        Profile
      </Title1>
      {loaded.status === 'error' && !profile && <ErrorState title="Your profile could not be loaded" message={loaded.error} onRetry={loaded.reload} />}
      {loaded.status === 'loading' && !profile && <LoadingBlock label="Loading your profile" lines={3} />}
      {profile && (
        <>
          <Card>
            <div className={s.who}>
              <ProfileAvatar profile={profile} size={72} />
              <div className={s.name}>
                <Text as="h2" size={500} weight="semibold" className={s.flush}>
                  {profile.full_name}
                </Text>
                <Text>{position}</Text>
              </div>
            </div>
            <dl className={s.details}>
              <dt className={s.term}>Full name</dt>
              <dd className={s.value}>{profile.full_name}</dd>
              <dt className={s.term}>Email</dt>
              <dd className={s.value}>{profile.email}</dd>
              <dt className={s.term}>Phone</dt>
              <dd className={s.value}>{profile.phone_masked ?? 'None on file'}</dd>
              {worksForBrokerage(profile) && (
                <>
                  <dt className={s.term}>Brokerage</dt>
                  <dd className={s.value}>{profile.brokerage_name ?? 'None on file'}</dd>
                </>
              )}
              <dt className={s.term}>Time zone</dt>
              <dd className={s.value}>{profile.time_zone}</dd>
              <dt className={s.term}>Roles</dt>
              <dd className={s.value}>
                <span className={s.roles}>
                  {profile.role.map((role) => (
                    <Badge key={role} appearance="tint" color="brand">
                      {role}
                    </Badge>
                  ))}
                </span>
              </dd>
            </dl>
          </Card>
          <PhotoForm profile={profile} onSaved={saved} />
          <NameForm key={`name-${profile.full_name}`} profile={profile} onSaved={saved} />
          {worksForBrokerage(profile) && <BrokerageForm key={`brokerage-${profile.brokerage_name ?? ''}`} profile={profile} onSaved={saved} />}
          <TimeZoneForm key={`zone-${profile.time_zone}`} profile={profile} onSaved={saved} />
          <ContactChangeForm channel="email" profile={profile} onSaved={saved} />
          <ContactChangeForm channel="phone" profile={profile} onSaved={saved} />
          <PasswordForm onSaved={saved} />
          {profile.role.some((role) => (MEMBERS as readonly string[]).includes(role)) && <MemberDataSections imageInputs={imageInputs} />}
        </>
      )}
    </section>
  );
}
