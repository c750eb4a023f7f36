import { Button } from '@fluentui/react-components';
import type { ProviderUserView } from '@acpg/contracts/provider-users';
import { SimpleDialog } from '../../../components/SimpleDialog.tsx';

export type UserAction = 'resend' | 'revoke' | 'suspend' | 'reactivate' | 'remove';

/** Each action's button text (its accessible name adds the user's email). */
export const ACTION_LABELS: Record<UserAction, string> = { resend: 'Resend', revoke: 'Revoke', suspend: 'Suspend', reactivate: 'Reactivate', remove: 'Remove from provider' };

const COPY: Record<UserAction, { title: (who: string) => string; body: string; keep: string; go: string }> = {
  resend: {
    title: (who) => `Send the invitation to ${who} again?`,
    body: 'A new link and code are emailed, with a new expiry date. The link and code sent before stop working.',
    keep: 'Cancel',
    go: 'Send again',
  },
  revoke: {
    title: (who) => `Revoke the invitation to ${who}?`,
    body: 'The link and code stop working at once. You can invite this email again later.',
    keep: 'Keep invitation',
    go: 'Revoke',
  },
  suspend: {
    title: (who) => `Suspend ${who}?`,
    body: 'They stay on your list as suspended and stop being one of your active users until you reactivate them. Their own account is not changed.',
    keep: 'Keep active',
    go: 'Suspend',
  },
  reactivate: { title: (who) => `Reactivate ${who}?`, body: 'They become one of your active users again.', keep: 'Cancel', go: 'Reactivate' },
  remove: {
    title: (who) => `Remove ${who} from the provider?`,
    body: 'They stay on your list as removed, and you stop seeing their Equity Protect enrollments and alerts, claims and NHD orders at once. Their own account and what they did are not changed. To have them back, invite them again.',
    keep: 'Keep user',
    go: 'Remove from provider',
  },
};

/** Asks before an action on a provider user; the safe button comes first (the dialog opens on it). */
export function ConfirmUserAction({ user, action, onCancel, onConfirm }: { user: ProviderUserView; action: UserAction; onCancel: () => void; onConfirm: () => void }) {
  const copy = COPY[action];
  return (
    <SimpleDialog
      alert={action === 'revoke' || action === 'suspend' || action === 'remove'}
      onDismiss={onCancel}
      title={copy.title(user.full_name ?? user.email)}
      actions={
        <>
          <Button onClick={onCancel}>{copy.keep}</Button>
          <Button appearance="primary" onClick={onConfirm}>
            {copy.go}
          </Button>
        </>
      }
    >
      {copy.body}
    </SimpleDialog>
  );
}
