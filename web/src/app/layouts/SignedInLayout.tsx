import { useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation, useMatches } from 'react-router';
import { useSnapshot } from 'valtio';
import {
  Avatar, Button, CounterBadge, DrawerBody, DrawerHeader, DrawerHeaderTitle, InlineDrawer, Menu, MenuDivider, MenuItem, MenuList,
  MenuPopover, MenuTrigger, OverlayDrawer, Text, makeStyles, mergeClasses, tokens, useRestoreFocusTarget,
} from '@fluentui/react-components';
import { DismissRegular, NavigationRegular, PersonRegular, SignOutRegular } from '@fluentui/react-icons';
import { session } from '../../lib/session.ts';
import { logout } from '../../lib/logout.ts';
import { allowed as mayOpen, menuKind, primaryRole } from '../../lib/roles.ts';
import { CONTENT_MAX_WIDTH, SIDE_MENU_WIDTH, useScrollMarginBelow, useUpFrom } from '../../lib/layout.ts';
import { useTrackClick } from '../../lib/track.ts';
import { navigateTo } from '../../lib/navigation.ts';
import { ScrollToTop } from '../../components/ScrollToTop.tsx';
import { Logo } from '../../components/Logo.tsx';
import { RouteLink } from '../../components/RouteLink.tsx';
import { menuFor, type MenuBadge } from '../menu.ts';
import { useOpenAlerts } from '../../features/equity/api/use-open-alerts.ts';
import { countOf } from '../../lib/plural.ts';
import { isRegistered } from '../routes.ts';
import { SkipLink, MAIN_ID } from './SkipLink.tsx';
import type { RouteHandle } from '../router.tsx';

const useStyles = makeStyles({
  shell: { display: 'flex', minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
  column: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  topBar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    position: 'sticky',
    top: 0,
    zIndex: 5,
  },
  spacer: { flexGrow: 1 },
  main: { width: '100%', maxWidth: `${CONTENT_MAX_WIDTH}px`, marginInline: 'auto', boxSizing: 'border-box', padding: tokens.spacingHorizontalXL, ':focus': { outline: 'none' } },
  drawer: { width: `${SIDE_MENU_WIDTH}px` },
  // The 260 px column's background runs the page's whole height (however long the page), with the menu in it staying
  // put while the page scrolls.
  menuColumn: {
    flexShrink: 0,
    width: `${SIDE_MENU_WIDTH}px`,
    alignSelf: 'stretch',
    backgroundColor: tokens.colorNeutralBackground1,
    // The drawer's separator, continued below the drawer.
    boxShadow: `inset -${tokens.strokeWidthThin} 0 0 ${tokens.colorNeutralBackground3}`,
  },
  inline: { position: 'sticky', top: 0, height: '100vh', width: '100%' },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  item: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  active: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground2, fontWeight: tokens.fontWeightSemibold },
  who: { display: 'flex', flexDirection: 'column', paddingInline: tokens.spacingHorizontalM, paddingBlock: tokens.spacingVerticalS },
  denied: { paddingBlock: tokens.spacingVerticalXXL },
  // Read by screen readers, not shown.
  hidden: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
});

type Badges = Partial<Record<MenuBadge, number | null>>;
const BADGE_NOUNS: Record<MenuBadge, { one: string; other: string }> = { 'open-alerts': { one: 'alert to answer', other: 'alerts to answer' } };

function SideMenu({ onNavigate, badges }: { onNavigate?: () => void; badges: Badges }) {
  const s = useStyles();
  const snap = useSnapshot(session);
  const entries = menuFor(snap.user?.role);
  return (
    <nav aria-label="Side menu">
      <ul className={s.list}>
        {entries.map((e) => {
          const count = e.badge ? (badges[e.badge] ?? 0) : 0;
          return (
            <li key={e.path}>
              <NavLink to={e.path} className={({ isActive }) => mergeClasses(s.item, isActive && s.active)} onClick={onNavigate}>
                <span>
                  {e.label}
                  {e.badge && count > 0 && <span className={s.hidden}>, {countOf(count, BADGE_NOUNS[e.badge])}</span>}
                </span>
                {e.badge && count > 0 && <CounterBadge count={count} overflowCount={99} color="danger" size="small" aria-hidden data-menu-badge={e.badge} />}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A member's open alerts, live, for the menu's badge (and a toast for each new one): kept while a member is signed in. */
function OpenAlertsWatch({ onCount }: { onCount: (count: number | null) => void }) {
  const count = useOpenAlerts();
  useEffect(() => onCount(count), [count, onCount]);
  return null;
}

function UserMenu() {
  const s = useStyles();
  const snap = useSnapshot(session);
  const track = useTrackClick();
  const name = snap.user?.full_name ?? '';
  const position = primaryRole(snap.user?.role) ?? 'Position not available';
  return (
    <Menu positioning="below-end">
      <MenuTrigger disableButtonEnhancement>
        {/*
          Named by its content, not aria-label: the visible initials ("SA") would not be part of an aria-label (axe
          label-content-name-mismatch), while the avatar's own name (role img) and the hidden words read as one name.
        */}
        <Button
          appearance="subtle"
          icon={
            <>
              <span className={s.hidden}>Account menu for </span>
              <Avatar name={name} image={snap.user?.profile_img ? { src: snap.user.profile_img } : undefined} size={32} color="colorful" />
            </>
          }
        />
      </MenuTrigger>
      <MenuPopover>
        <div className={s.who}>
          <Text weight="semibold">{name}</Text>
          <Text size={200}>{position}</Text>
        </div>
        <MenuDivider />
        <MenuList>
          {isRegistered('/user-update-profile') && (
            <MenuItem icon={<PersonRegular />} onClick={() => { track('Profile'); navigateTo('/user-update-profile'); }}>
              Profile
            </MenuItem>
          )}
          <MenuItem icon={<SignOutRegular />} onClick={() => { track('Logout'); void logout(); }}>
            Logout
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

/** A role of the user must have the deepest route's capability (the role table, which the server enforces too). */
function useAllowed(): boolean {
  const matches = useMatches();
  const snap = useSnapshot(session);
  const capability = [...matches].reverse().map((m) => (m.handle as RouteHandle | undefined)?.capability).find(Boolean);
  return mayOpen(snap.user?.role, capability);
}

export function SignedInLayout() {
  const s = useStyles();
  const large = useUpFrom('lg');
  const { pathname } = useLocation();
  // Open for the page it was opened on: navigating closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const drawerOpen = openOn === pathname;
  const setDrawerOpen = (open: boolean) => setOpenOn(open ? pathname : null);
  const allowed = useAllowed();
  // Closing the drawer without navigating (Escape, Close menu) returns focus to "Open menu".
  const restoreFocus = useRestoreFocusTarget();
  const snap = useSnapshot(session);
  const [openAlerts, setOpenAlerts] = useState<number | null>(null);
  const member = menuKind(snap.user?.role) === 'customer';
  const topBar = useRef<HTMLElement>(null);
  useScrollMarginBelow(topBar);

  const menuBody = (
    <>
      <DrawerHeader>
        <DrawerHeaderTitle
          action={large ? undefined : <Button appearance="subtle" aria-label="Close menu" icon={<DismissRegular />} onClick={() => setDrawerOpen(false)} />}
        >
          <RouteLink to="/" label="ACPG home" onClick={() => setDrawerOpen(false)}>
            <Logo />
          </RouteLink>
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        <SideMenu onNavigate={() => setDrawerOpen(false)} badges={{ 'open-alerts': member ? openAlerts : null }} />
      </DrawerBody>
    </>
  );

  return (
    <div className={s.shell}>
      <SkipLink />
      {member && <OpenAlertsWatch onCount={setOpenAlerts} />}
      {large ? (
        <div className={s.menuColumn} data-side-menu-column>
          <InlineDrawer open separator className={s.inline} as="aside">
            {menuBody}
          </InlineDrawer>
        </div>
      ) : (
        <OverlayDrawer open={drawerOpen} onOpenChange={(_, d) => setDrawerOpen(d.open)} className={s.drawer} aria-label="Side menu">
          {menuBody}
        </OverlayDrawer>
      )}
      <div className={s.column}>
        <header className={s.topBar} data-top-bar ref={topBar}>
          {!large && <Button appearance="subtle" icon={<NavigationRegular />} aria-label="Open menu" aria-expanded={drawerOpen} onClick={() => setDrawerOpen(true)} {...restoreFocus} />}
          <span className={s.spacer} />
          <ScrollToTop />
          <UserMenu />
        </header>
        <main id={MAIN_ID} tabIndex={-1} className={s.main}>
          {allowed ? (
            <Outlet />
          ) : (
            <section className={s.denied} aria-labelledby="denied-title">
              <h1 id="denied-title">Not available for your role</h1>
              <Text as="p">This screen belongs to another role. Use the menu to go to your screens.</Text>
            </section>
          )}
        </main>
      </div>
    </div>
  );
}
