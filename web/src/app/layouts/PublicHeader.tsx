import { useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useSnapshot } from 'valtio';
import { Button, Divider, DrawerBody, DrawerHeader, DrawerHeaderTitle, OverlayDrawer, Text, makeStyles, mergeClasses, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import { DismissRegular, NavigationRegular } from '@fluentui/react-icons';
import { CONTENT_MAX_WIDTH, useScrollMarginBelow, useUpFrom } from '../../lib/layout.ts';
import { session } from '../../lib/session.ts';
import { logout } from '../../lib/logout.ts';
import { myAccountPath } from '../../lib/roles.ts';
import { useTrackClick } from '../../lib/track.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { LinkButton } from '../../components/LinkButton.tsx';
import { Logo } from '../../components/Logo.tsx';
import { RouteLink } from '../../components/RouteLink.tsx';
import { ScrollToTop } from '../../components/ScrollToTop.tsx';
import { PUBLIC_ACTIONS, PUBLIC_LINKS } from '../menu.ts';
import { isRegistered } from '../routes.ts';
import { resetProperty } from '../../features/properties/stores/property.ts';

const useStyles = makeStyles({
  header: {
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    position: 'sticky',
    top: 0,
    zIndex: 5,
  },
  inner: { width: '100%', maxWidth: `${CONTENT_MAX_WIDTH}px`, marginInline: 'auto', boxSizing: 'border-box', paddingInline: tokens.spacingHorizontalXL, '@media (max-width: 599px)': { paddingInline: tokens.spacingHorizontalM } },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL, minHeight: '60px', '@media (max-width: 599px)': { gap: tokens.spacingHorizontalS, minHeight: '52px' } },
  brand: { display: 'flex', alignItems: 'center', flexShrink: 1, minWidth: 0, '& img': { '@media (max-width: 419px)': { height: '26px !important' } } },
  spacer: { flexGrow: 1 },
  // Before hydration the server's header serves every width: CSS, not JS, picks the wide rows or the menu button.
  wideOnly: { '@media (max-width: 899px)': { display: 'none' } },
  narrowOnly: { '@media (min-width: 900px)': { display: 'none' } },
  offers: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, listStyle: 'none', margin: 0, padding: 0, '& .fui-Button': { minWidth: 'auto' } },
  navRow: { borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}` },
  list: { display: 'flex', gap: tokens.spacingHorizontalXS, listStyle: 'none', margin: 0, padding: 0, flexWrap: 'wrap' },
  column: { flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  drawerSection: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, paddingBlock: tokens.spacingVerticalM },
  drawerLabel: { color: tokens.colorNeutralForeground2, fontWeight: tokens.fontWeightSemibold },
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
  active: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  block: { display: 'block', fontSize: tokens.fontSizeBase400, paddingBlock: tokens.spacingVerticalM },
  actions: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    flexShrink: 0,
    alignItems: 'center',
    // Sign In and Sign Up side by side still leave the brand room on the narrowest phones (320 px).
    '@media (max-width: 419px)': { gap: tokens.spacingHorizontalXS, '& .fui-Button': { minWidth: 'auto', paddingInline: tokens.spacingHorizontalS } },
  },
});

/**
 * The public header: the logo (home), each service's call to action (Plans, Equity Protect, Order NHD report), Sign In
 * and Sign Up (My Account and LogOut signed in), and the six site links. From 900 px the links sit in a row under the
 * bar; below, the links and the calls to action move into a drawer opened by a named button, and Sign In and Sign Up
 * stay in the bar.
 */
export function PublicHeader({ companyName, logoImageId }: { companyName: string; logoImageId: string | null }) {
  const s = useStyles();
  const { pathname } = useLocation();
  const track = useTrackClick();
  const snap = useSnapshot(session);
  // The server draws the visitor's header for every width; a signed-in user's buttons and the width's own header come
  // right after hydration.
  const hydrated = useHydrated();
  const signedIn = hydrated && snap.user != null;
  const accountPath = myAccountPath(snap.user?.role);

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
  };

  const links = (vertical: boolean) => (
    <nav aria-label="Main">
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

  const offers = (vertical: boolean) =>
    PUBLIC_ACTIONS.filter((a) => isRegistered(a.path)).map((a) => (
      <LinkButton key={a.path} to={a.path} appearance={vertical ? 'secondary' : 'subtle'} onClick={() => onLink(a.label)}>
        {a.label}
      </LinkButton>
    ));

  const primary = signedIn ? (
    isRegistered(accountPath) && (
      <LinkButton to={accountPath} appearance="primary" onClick={() => track('My Account')}>
        My Account
      </LinkButton>
    )
  ) : (
    <LinkButton to="/authentication/sign-in" onClick={() => track('Sign In')}>
      Sign In
    </LinkButton>
  );
  const secondary = signedIn ? (
    <Button onClick={() => { track('LogOut'); setMenuOpen(false); void logout(); }}>LogOut</Button>
  ) : (
    isRegistered('/authentication/sign-up') && (
      <LinkButton to="/authentication/sign-up" appearance="primary" onClick={() => { track('Sign Up'); setMenuOpen(false); }}>
        Sign Up
      </LinkButton>
    )
  );

  return (
    <header className={s.header} data-top-bar ref={bar}>
      <div className={mergeClasses(s.inner, s.bar)}>
        <div className={s.brand}>
          <RouteLink to="/" label={`${companyName} home`} onClick={() => track('Logo')}>
            <Logo companyName={companyName} imageId={logoImageId} height={40} />
          </RouteLink>
        </div>
        <span className={s.spacer} />
        {!narrow && (
          <nav aria-label="Buy or order" className={hydrated ? undefined : s.wideOnly}>
            <ul className={s.offers}>
              {offers(false).map((o) => (
                <li key={o.key}>{o}</li>
              ))}
            </ul>
          </nav>
        )}
        <div className={s.actions}>
          <ScrollToTop />
          {primary}
          {/* Signed out, Sign Up stays in the bar at every width (the way in); LogOut moves into the menu. */}
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
      </div>
      {!narrow && <div className={mergeClasses(s.inner, s.navRow, !hydrated && s.wideOnly)}>{links(false)}</div>}
      {!wide && (
        <OverlayDrawer position="end" open={menuOpen} onOpenChange={(_, d) => setMenuOpen(d.open)} aria-label="Site menu">
          <DrawerHeader>
            <DrawerHeaderTitle action={<Button appearance="subtle" aria-label="Close site menu" icon={<DismissRegular />} onClick={() => setMenuOpen(false)} />}>
              <Logo companyName={companyName} imageId={logoImageId} height={30} />
            </DrawerHeaderTitle>
          </DrawerHeader>
          <DrawerBody>
            {links(true)}
            <Divider />
            <nav aria-label="Buy or order" className={s.drawerSection}>
              <Text className={s.drawerLabel}>Buy or order</Text>
              {offers(true)}
            </nav>
            {signedIn && secondary && (
              <>
                <Divider />
                <div className={s.drawerSection}>{secondary}</div>
              </>
            )}
          </DrawerBody>
        </OverlayDrawer>
      )}
    </header>
  );
}
