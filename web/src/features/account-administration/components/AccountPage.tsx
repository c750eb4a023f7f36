import { useState } from 'react';
import { useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { Button, makeStyles, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import type { RoleName } from '@acpg/contracts/role-names';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { ScreenHeading, ScreenTitle } from '../../../components/ScreenHeading.tsx';
import { StatusBadge } from '../../../components/GridCells.tsx';
import { notify } from '../../../lib/notify.ts';
import { session } from '../../../lib/session.ts';
import { useAccount } from '../api/accounts.ts';
import { STATUS_COLOR, STATUS_TEXT } from '../account-text.ts';
import { AccountFacts, AccountSections } from './AccountSections.tsx';
import { RolesDialog } from './RolesDialog.tsx';
import { StatusDialog } from './StatusDialog.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, width: '100%', minWidth: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

type Open = { kind: 'roles'; initial: readonly RoleName[]; title: string } | { kind: 'suspend' } | { kind: 'reactivate' } | null;

/** /account-administration/:accountId (Super Admin): one account, its sections, and the role and status changes. */
export default function AccountPage() {
  const s = useStyles();
  const { accountId = '' } = useParams();
  const { userId } = useSnapshot(session);
  const view = useAccount(accountId);
  const [open, setOpen] = useState<Open>(null);
  // Each dialog returns focus to the button that opened it (Fluent's restore-focus target).
  const restoreFocus = useRestoreFocusTarget();
  const detail = view.data;

  if (!detail) {
    return (
      <section className={s.root} aria-labelledby="account-title">
        <ScreenTitle id="account-title">Account</ScreenTitle>
        {view.status === 'error' ? <ErrorState title="This account cannot be shown" message={view.error ?? 'Try again.'} onRetry={view.reload} /> : <LoadingBlock label="Loading the account" lines={6} />}
        <LinkButton to="/account-administration">Back to the accounts</LinkButton>
      </section>
    );
  }

  const account = detail.account;
  const own = account.id === userId;
  const openDialog = (next: Exclude<Open, null>) => () => setOpen(next);
  const close = () => setOpen(null);
  const changed = (_: unknown, message: string) => {
    setOpen(null);
    notify.success(message);
    view.reload();
  };
  const roles = account.roles as readonly RoleName[];

  return (
    <section className={s.root} aria-labelledby="account-title">
      <ScreenHeading id="account-title" title={account.full_name}>
        <StatusBadge color={STATUS_COLOR[account.status]}>{STATUS_TEXT[account.status]}</StatusBadge>
        <div className={s.actions}>
          <Button {...restoreFocus} onClick={openDialog({ kind: 'roles', initial: roles, title: `Change the roles of ${account.full_name}` })}>Change roles</Button>
          {!roles.includes('Admin') && (
            <Button {...restoreFocus} onClick={openDialog({ kind: 'roles', initial: [...roles, 'Admin'], title: `Appoint ${account.full_name} as an Admin` })}>Appoint Admin</Button>
          )}
          {account.status === 'active' ? (
            !own && <Button {...restoreFocus} onClick={openDialog({ kind: 'suspend' })}>Suspend</Button>
          ) : (
            <Button {...restoreFocus} onClick={openDialog({ kind: 'reactivate' })}>Reactivate</Button>
          )}
        </div>
      </ScreenHeading>
      <AccountFacts detail={detail} />
      <AccountSections detail={detail} />
      <LinkButton to="/account-administration" appearance="subtle">
        Back to the accounts
      </LinkButton>
      {open?.kind === 'roles' && (
        <RolesDialog accountId={account.id} name={account.full_name} initial={open.initial} title={open.title} onClose={close} onChanged={changed} />
      )}
      {(open?.kind === 'suspend' || open?.kind === 'reactivate') && (
        <StatusDialog accountId={account.id} name={account.full_name} action={open.kind} onClose={close} onChanged={changed} />
      )}
    </section>
  );
}
