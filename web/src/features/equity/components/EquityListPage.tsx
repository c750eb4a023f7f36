import { useLocation, useNavigate } from 'react-router';
import { Button, Tab, TabList, Title1, makeStyles, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import { AddRegular, MoneyRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { AlertsPanel } from './AlertsPanel.tsx';
import { EnrolmentsPanel } from './EnrolmentsPanel.tsx';
import { ImportsPanel } from './ImportsPanel.tsx';
import { PricingDialog } from './PricingDialog.tsx';
import { useSnapshot } from 'valtio';
import { allowed } from '../../../lib/roles.ts';
import { session } from '../../../lib/session.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  tabs: { overflowX: 'auto' },
});

type TabId = 'alerts' | 'properties' | 'imports';

/**
 * /equity-protect-list (the member) and /admin-equity-protect (Super Admin: every member; Provider Admin: their
 * provider's members): alerts and fraud cases, protected properties and (Super Admin) the recorder feed's imports.
 * The tab is in the URL's hash, so each list keeps its own page, sort and filters in the search params.
 */
function EquityPage({ admin }: { admin: boolean }) {
  const s = useStyles();
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useSnapshot(session);
  const superAdmin = admin && allowed(user?.role, 'equity.manage');
  const tabs: { id: TabId; label: string }[] = [
    { id: 'alerts', label: 'Alerts and fraud cases' },
    { id: 'properties', label: admin ? 'Protected properties' : 'My protected properties' },
    ...(superAdmin ? [{ id: 'imports' as const, label: 'Recorded documents' }] : []),
  ];
  const fromHash = location.hash.slice(1);
  const tab: TabId = tabs.some((t) => t.id === fromHash) ? (fromHash as TabId) : 'alerts';
  const [pricing, setPricing] = useState(false);
  // The dialog is opened from state, not a DialogTrigger: closing it returns focus to this button.
  const restoreFocus = useRestoreFocusTarget();
  return (
    <section className={s.root} aria-labelledby="equity-list-title">
      <div className={s.head}>
        <Title1 as="h1" id="equity-list-title" tabIndex={-1}>
          Equity Protect
        </Title1>
        <span className={s.grow} />
        {superAdmin && (
          <Button icon={<MoneyRegular />} onClick={() => setPricing(true)} {...restoreFocus}>
            Pricing
          </Button>
        )}
        {!admin && (
          <LinkButton to="/equity-protect-property-search" appearance="primary" icon={<AddRegular />}>
            Protect a property
          </LinkButton>
        )}
      </div>
      <TabList className={s.tabs} selectedValue={tab} onTabSelect={(_, d) => void navigate({ pathname: location.pathname, search: '', hash: `#${String(d.value)}` })}>
        {tabs.map((t) => (
          <Tab key={t.id} value={t.id}>
            {t.label}
          </Tab>
        ))}
      </TabList>
      {tab === 'alerts' && <AlertsPanel admin={admin} />}
      {tab === 'properties' && <EnrolmentsPanel admin={admin} />}
      {tab === 'imports' && superAdmin && <ImportsPanel />}
      {pricing && <PricingDialog onClose={() => setPricing(false)} />}
    </section>
  );
}

export const MyEquityPage = () => <EquityPage admin={false} />;
export const AdminEquityPage = () => <EquityPage admin />;
