import { useEffect } from 'react';
import { Link as RouterLink, Outlet } from 'react-router';
import { useSnapshot } from 'valtio';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { PublicHeader } from './PublicHeader.tsx';
import { SkipLink, MAIN_ID } from './SkipLink.tsx';
import { CONTENT_MAX_WIDTH } from '../../lib/layout.ts';
import { contact, loadContactDetails } from '../../features/contact/stores/contact.ts';

const useStyles = makeStyles({
  shell: { minHeight: '100vh', display: 'flex', flexDirection: 'column', backgroundColor: tokens.colorNeutralBackground2 },
  main: { flexGrow: 1, width: '100%', maxWidth: `${CONTENT_MAX_WIDTH}px`, marginInline: 'auto', boxSizing: 'border-box', padding: tokens.spacingHorizontalXL, ':focus': { outline: 'none' } },
  footer: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXL,
    justifyContent: 'space-between',
    padding: tokens.spacingHorizontalXL,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    '@media (max-width: 599px)': { flexDirection: 'column', gap: tokens.spacingVerticalS },
  },
  links: { display: 'flex', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  link: { color: tokens.colorBrandForeground1 },
});

export function PublicLayout() {
  const s = useStyles();
  const snap = useSnapshot(contact);
  // The header keeps contact details at hand (spec section 4); loaded once per page load.
  useEffect(() => {
    if (!contact.details && contact.status === 'idle') void loadContactDetails();
  }, []);
  return (
    <div className={s.shell}>
      <SkipLink />
      <PublicHeader />
      <main id={MAIN_ID} tabIndex={-1} className={s.main}>
        <Outlet />
      </main>
      <footer className={s.footer}>
        <Text>© {new Date().getFullYear()} ACPG</Text>
        {snap.details && (
          <Text>
            {snap.details.phone} · {snap.details.email}
          </Text>
        )}
        <nav aria-label="Footer" className={s.links}>
          <RouterLink className={s.link} to="/privacy-policy">Privacy Policy</RouterLink>
          <RouterLink className={s.link} to="/terms-of-service">Terms of Service</RouterLink>
          <RouterLink className={s.link} to="/blogs">Blogs</RouterLink>
        </nav>
      </footer>
    </div>
  );
}
