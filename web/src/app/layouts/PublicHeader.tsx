import { NavLink, useLocation, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { HomeRegular } from '@fluentui/react-icons';
import { session } from '../../lib/session.ts';
import { logout } from '../../lib/logout.ts';
import { myAccountPath } from '../../lib/roles.ts';
import { useTrackClick } from '../../lib/track.ts';
import { LinkButton } from '../../components/LinkButton.tsx';
import { Logo } from '../../components/Logo.tsx';
import { PUBLIC_LINKS } from '../menu.ts';
import { isRegistered } from '../routes.ts';
import { resetProperty } from '../../features/properties/stores/property.ts';
import { loadContactDetails } from '../../features/contact/stores/contact.ts';

const useStyles = makeStyles({
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalXL,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  brand: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: '40px' },
  nav: { flexGrow: 1 },
  list: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, listStyle: 'none', margin: 0, padding: 0 },
  link: {
    display: 'inline-block',
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  active: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/** Where the small icon button is hidden (spec section 2). */
function hidesIconButton(pathname: string): boolean {
  return pathname.startsWith('/authentication/') || pathname === '/login' || pathname.startsWith('/checkout');
}

export function PublicHeader() {
  const s = useStyles();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const track = useTrackClick();
  const snap = useSnapshot(session);
  const signedIn = snap.user != null;
  const accountPath = myAccountPath(snap.user?.role);

  const onLink = (label: string) => {
    track(label);
    if (label === 'Services') resetProperty();
    if (label === 'Contact Us') void loadContactDetails();
  };

  return (
    <header className={s.header}>
      <div className={s.brand}>
        {!hidesIconButton(pathname) && (
          <Button appearance="subtle" icon={<HomeRegular />} aria-label="ACPG home" onClick={() => { track('Logo'); navigate('/'); }} />
        )}
        <Logo />
      </div>
      <nav aria-label="Main" className={s.nav}>
        <ul className={s.list}>
          {PUBLIC_LINKS.map((l) => (
            <li key={l.path}>
              <NavLink to={l.path} end className={({ isActive }) => mergeClasses(s.link, isActive && s.active)} onClick={() => onLink(l.label)}>
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={s.actions}>
        {signedIn ? (
          <>
            {/* My Account follows the spec's mapping; it is shown only once that screen exists. */}
            {isRegistered(accountPath) && (
              <LinkButton to={accountPath} appearance="primary" onClick={() => track('My Account')}>
                My Account
              </LinkButton>
            )}
            <Button onClick={() => { track('LogOut'); void logout(); }}>LogOut</Button>
          </>
        ) : (
          <>
            <LinkButton to="/authentication/sign-in" appearance="primary" onClick={() => track('Sign In')}>
              Sign In
            </LinkButton>
            {isRegistered('/authentication/sign-up') && (
              <LinkButton to="/authentication/sign-up" onClick={() => track('Sign Up')}>
                Sign Up
              </LinkButton>
            )}
          </>
        )}
      </div>
    </header>
  );
}
