import { Button } from '@fluentui/react-components';
import type { ProviderUserView } from '@acpg/contracts/provider-users';
import { SimpleDialog } from '../../../components/SimpleDialog.tsx';

export type UserAction = 'resend' | 'revoke' | 'suspend' | 'reactivate';

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
};

/** Asks before an action on a provider user; the safe button comes first (the dialog opens on it). */
export function ConfirmUserAction({ user, action, onCancel, onConfirm }: { user: ProviderUserView; action: UserAction; onCancel: () => void; onConfirm: () => void }) {
  const copy = COPY[action];
  return (
    <SimpleDialog
      alert={action === 'revoke' || action === 'suspend'}
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
