import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Card, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { RouteLink } from '../../../components/RouteLink.tsx';
import { undoContactChange } from '../api/profile.ts';

export const UNDO_CONTACT_CHANGE_PATH = '/account/undo-change';
const FORGOT_PASSWORD_PATH = '/authentication/forgot-password';

const useStyles = makeStyles({
  page: { display: 'flex', justifyContent: 'center', paddingBlock: tokens.spacingVerticalXXL },
  card: { width: '100%', maxWidth: '480px', padding: tokens.spacingHorizontalXXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, '& > h1, & > p': { margin: 0 } },
});

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

type Outcome = { kind: 'idle' } | { kind: 'undoing' } | { kind: 'done'; message: string; restored: string | null } | { kind: 'refused'; message: string };

/**
 * The link in the notice of an email or phone change. Undoing asks for a press (a mail scanner that opens links must
 * not undo a change): it puts the old contact back, signs out every device and asks for a password reset.
 */
export default function UndoContactChangePage() {
  const s = useStyles();
  const [params] = useSearchParams();
  const change_id = params.get('change') ?? '';
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });

  const undo = async () => {
    setOutcome({ kind: 'undoing' });
    try {
      const { result, message } = await undoContactChange({ change_id, token });
      setOutcome({ kind: 'done', message, restored: result.restored_masked });
    } catch (error) {
      setOutcome({ kind: 'refused', message: messageOf(error, 'The change could not be undone. Try again.') });
    }
  };

  return (
    <div className={s.page}>
      <Card className={s.card}>
        <Title2 as="h1">Undo a change to your account</Title2>
        {outcome.kind === 'done' ? (
          <>
            <MessageBar intent="success">
              <MessageBarBody>
                <MessageBarTitle>Undone</MessageBarTitle>
                {outcome.restored ? `Your account uses ${outcome.restored} again. ` : ''}
                {outcome.message}
              </MessageBarBody>
            </MessageBar>
            <Text>Every device was signed out, this one too. Choose a new password now: whoever made the change knew your password.</Text>
            <RouteLink to={FORGOT_PASSWORD_PATH}>Reset my password</RouteLink>
          </>
        ) : !change_id || !token ? (
          <MessageBar intent="error">
            <MessageBarBody>This link is not complete. Open it again from the email, or reset your password from the sign-in page.</MessageBarBody>
          </MessageBar>
        ) : (
          <>
            <Text>
              Someone changed the email or phone number of your account. If it was not you, undo it: we put the old one back, sign out every
              device, and ask you to choose a new password.
            </Text>
            {outcome.kind === 'refused' && (
              <MessageBar intent="error">
                <MessageBarBody>{outcome.message}</MessageBarBody>
              </MessageBar>
            )}
            <div>
              <Button appearance="primary" onClick={() => void undo()} disabledFocusable={outcome.kind === 'undoing'} icon={outcome.kind === 'undoing' ? <Spinner size="tiny" /> : undefined}>
                {outcome.kind === 'undoing' ? 'Undoing…' : 'Undo the change'}
              </Button>
            </div>
          </>
        )}
      </Card>
    </div>
  );
}
