import { Avatar, Badge, Card, Text, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { useResource } from '../../../lib/use-resource.ts';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { fetchMe } from '../api/me.ts';

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

/** /user-update-profile, the avatar menu's Profile entry (spec section 2): the signed-in user's account details. */
export default function ProfilePage() {
  const s = useStyles();
  const me = useResource(fetchMe, []);
  const position = me.data?.role[0] ?? 'Position not available';

  return (
    <section className={s.root} aria-labelledby="profile-title">
      <Title1 as="h1" id="profile-title" className={s.flush}>
        Profile
      </Title1>
      {me.status === 'error' && <ErrorState title="Your profile could not be loaded" message={me.error} onRetry={me.reload} />}
      {me.status === 'loading' && !me.data && <LoadingBlock label="Loading your profile" lines={3} />}
      {me.data && (
        <Card>
          <div className={s.who}>
            <Avatar name={me.data.user.full_name} image={me.data.user.profile_img ? { src: me.data.user.profile_img } : undefined} size={72} color="colorful" />
            <div className={s.name}>
              <Text as="h2" size={500} weight="semibold" className={s.flush}>
                {me.data.user.full_name}
              </Text>
              <Text>{position}</Text>
            </div>
          </div>
          <dl className={s.details}>
            <dt className={s.term}>Full name</dt>
            <dd className={s.value}>{me.data.user.full_name}</dd>
            <dt className={s.term}>Email</dt>
            <dd className={s.value}>{me.data.user.email}</dd>
            <dt className={s.term}>Phone</dt>
            <dd className={s.value}>{me.data.phone_masked ?? 'None on file'}</dd>
            <dt className={s.term}>Roles</dt>
            <dd className={s.value}>
              <span className={s.roles}>
                {me.data.role.map((role) => (
                  <Badge key={role} appearance="tint" color="brand">
                    {role}
                  </Badge>
                ))}
              </span>
            </dd>
          </dl>
        </Card>
      )}
    </section>
  );
}
