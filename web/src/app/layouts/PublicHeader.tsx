import { useRef, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { Button, Divider, DrawerBody, DrawerHeader, DrawerHeaderTitle, OverlayDrawer, makeStyles, mergeClasses, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import { DismissRegular, HomeRegular, NavigationRegular } from '@fluentui/react-icons';
import { useScrollMarginBelow, useUpFrom } from '../../lib/layout.ts';
import { session } from '../../lib/session.ts';
import { logout } from '../../lib/logout.ts';
import { myAccountPath } from '../../lib/roles.ts';
import { useTrackClick } from '../../lib/track.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { LinkButton } from '../../components/LinkButton.tsx';
import { Logo } from '../../components/Logo.tsx';
import { ScrollToTop } from '../../components/ScrollToTop.tsx';
import { PUBLIC_LINKS } from '../menu.ts';
import { isRegistered } from '../routes.ts';
import { resetProperty } from '../../features/properties/stores/property.ts';
import { loadContactDetails } from '../../features/contact/stores/contact.ts';

const useStyles = makeStyles({
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    minHeight: '52px',
    boxSizing: 'border-box',
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalXL,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    position: 'sticky',
    top: 0,
    zIndex: 5,
    '@media (max-width: 599px)': { gap: tokens.spacingHorizontalS, paddingInline: tokens.spacingHorizontalM },
  },
  brand: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: '40px' },
  nav: { flexGrow: 1, minWidth: 0 },
  spacer: { flexGrow: 1 },
  list: { display: 'flex', gap: tokens.spacingHorizontalXS, listStyle: 'none', margin: 0, padding: 0 },
  column: { flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  drawerActions: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, paddingBlockStart: tokens.spacingVerticalM },
  link: {
    display: 'inline-block',
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  // Before hydration the server's header serves every width: CSS, not JS, picks the inline links or the menu button.
  wideOnly: { '@media (max-width: 899px)': { display: 'none' } },
  narrowOnly: { '@media (min-width: 900px)': { display: 'none' } },
  active: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  block: { display: 'block', fontSize: tokens.fontSizeBase400, paddingBlock: tokens.spacingVerticalM },
  actions: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    flexShrink: 0,
    // Sign In and Sign Up side by side still leave the brand room on the narrowest phones (320 px).
    '@media (max-width: 419px)': { '& .fui-Button': { minWidth: 'auto', paddingInline: tokens.spacingHorizontalS } },
  },
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
  // The server draws the visitor's header for every width; a signed-in user's buttons and the width's own header come
  // right after hydration.
  const hydrated = useHydrated();
  const signedIn = hydrated && snap.user != null;
  const accountPath = myAccountPath(snap.user?.role);

  // The six links sit in the bar from md (900 px) up; below, they move into a drawer opened by a named button.
  const wideNow = useUpFrom('md');
  const wide = hydrated && wideNow;
  const narrow = hydrated && !wideNow;
  // Open for the page it was opened on: navigating closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? pathname : null);
  // Closing the drawer without navigating (Escape, Close site menu) returns focus to "Open site menu".
  const restoreFocus = useRestoreFocusTarget();
  const bar = useRef<HTMLElement>(null);
  useScrollMarginBelow(bar);

  const onLink = (label: string) => {
    track(label);
    setMenuOpen(false);
    if (label === 'Services') resetProperty();
    if (label === 'Contact Us') void loadContactDetails();
  };

  const links = (vertical: boolean) => (
    <nav aria-label="Main" className={vertical ? undefined : mergeClasses(s.nav, !hydrated && s.wideOnly)}>
      <ul className={mergeClasses(s.list, vertical && s.column)}>
        {PUBLIC_LINKS.map((l) => (
          <li key={l.path}>
            <NavLink to={l.path} end className={({ isActive }) => mergeClasses(s.link, vertical && s.block, isActive && s.active)} onClick={() => onLink(l.label)}>
              {l.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );

  const primary = signedIn ? (
    // My Account follows the spec's mapping; it is shown only once that screen exists.
    isRegistered(accountPath) && (
      <LinkButton to={accountPath} appearance="primary" onClick={() => track('My Account')}>
        My Account
      </LinkButton>
    )
  ) : (
    <LinkButton to="/authentication/sign-in" appearance="primary" onClick={() => track('Sign In')}>
      Sign In
    </LinkButton>
  );
  const secondary = signedIn ? (
    <Button onClick={() => { track('LogOut'); setMenuOpen(false); void logout(); }}>LogOut</Button>
  ) : (
    isRegistered('/authentication/sign-up') && (
      <LinkButton to="/authentication/sign-up" onClick={() => { track('Sign Up'); setMenuOpen(false); }}>
        Sign Up
      </LinkButton>
    )
  );

  return (
    <header className={s.header} data-top-bar ref={bar}>
      <div className={s.brand}>
        {!hidesIconButton(pathname) && (
          <Button appearance="subtle" icon={<HomeRegular />} aria-label="ACPG home" onClick={() => { track('Logo'); navigate('/'); }} />
        )}
        <Logo />
      </div>
      {!narrow && links(false)}
      {!wide && <span className={mergeClasses(s.spacer, !hydrated && s.narrowOnly)} />}
      <div className={s.actions}>
        <ScrollToTop />
        {primary}
        {/* Signed out, Sign Up stays in the bar at every width (the flagship's way in); LogOut moves into the menu. */}
        {(wide || !signedIn) && secondary}
        {!wide && (
          <Button
            appearance="subtle"
            icon={<NavigationRegular />}
            aria-label="Open site menu"
            aria-expanded={menuOpen}
            className={hydrated ? undefined : s.narrowOnly}
            onClick={() => setMenuOpen(true)}
            {...restoreFocus}
          />
        )}
      </div>
      {!wide && (
        <OverlayDrawer position="end" open={menuOpen} onOpenChange={(_, d) => setMenuOpen(d.open)} aria-label="Site menu">
          <DrawerHeader>
            <DrawerHeaderTitle action={<Button appearance="subtle" aria-label="Close site menu" icon={<DismissRegular />} onClick={() => setMenuOpen(false)} />}>
              <Logo />
            </DrawerHeaderTitle>
          </DrawerHeader>
          <DrawerBody>
            {links(true)}
            {signedIn && secondary && (
              <>
                <Divider />
                <div className={s.drawerActions}>{secondary}</div>
              </>
            )}
          </DrawerBody>
        </OverlayDrawer>
      )}
    </header>
  );
}
