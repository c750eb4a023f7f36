import { makeStyles, tokens } from '@fluentui/react-components';
import { useSnapshot } from 'valtio';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { session } from '../../../lib/session.ts';
import { useTrackClick } from '../../../lib/track.ts';
import { useHydrated } from '../../../lib/hydrated.ts';
import { CmsPage } from './CmsPage.tsx';

const useStyles = makeStyles({ actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' } });

export default function HomePage() {
  const s = useStyles();
  const snap = useSnapshot(session);
  const visitor = !useHydrated() || !snap.user;
  const track = useTrackClick();
  return (
    <CmsPage slug="home" fallbackTitle="Home">
      <div className={s.actions}>
        <LinkButton to="/services-page" appearance="primary" onClick={() => track('Explore services')}>
          Explore services
        </LinkButton>
        {visitor && (
          <LinkButton to="/authentication/sign-in" onClick={() => track('Home sign in')}>
            Sign in to your account
          </LinkButton>
        )}
      </div>
    </CmsPage>
  );
}
