import { useState, type FormEvent } from 'react';
import { Field, MessageBar, MessageBarBody, MessageBarTitle, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { AnswerClaimBody, type ClaimView } from '@acpg/contracts/reimbursement';
import { useFocusFirstInvalid } from '../../../lib/focus.ts';
import { HttpError } from '../../../lib/http.ts';
import { notify } from '../../../lib/notify.ts';
import { answerClaim } from '../api/reimbursement.ts';
import { documentRefusals } from '../claim-text.ts';
import { fieldErrorsOf, type FieldErrors } from '../field-errors.ts';
import { DocumentPicker } from './DocumentPicker.tsx';
import { SubmitButton } from '../../../components/SubmitButton.tsx';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM },
});

/** The claimant answers the reviewer's request: a message and up to 5 more documents; the claim goes back under review. */
export function AnswerForm({ claim, onAnswered }: { claim: ClaimView; onAnswered: () => void }) {
  const s = useStyles();
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<FieldErrors<'message' | 'documents'>>({});
  const [busy, setBusy] = useState(false);
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid<HTMLFormElement>();
  const changeFiles = (next: File[]) => {
    setFiles(next);
    setErrors(({ documents: _, ...rest }) => rest);
  };
  const request = [...claim.messages].reverse().find((m) => m.from === 'reviewer');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const draft = AnswerClaimBody.safeParse({ message, documents: files.map((f) => ({ name: f.name, data: 'x' })) });
    if (!draft.success) {
      setErrors(fieldErrorsOf(draft.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))));
      return focusFirstInvalid();
    }
    setErrors({});
    setBusy(true);
    try {
      const r = await answerClaim(claim.claim_id, { message: draft.data.message }, files);
      notify.success(r.message ?? 'Your answer was sent.');
      setMessage('');
      setFiles([]);
      onAnswered();
    } catch (err) {
      const body = err instanceof HttpError ? (err.body as { errors?: { path: string; message: string }[] } | null) : null;
      const fields = fieldErrorsOf<'message' | 'documents'>(body?.errors ?? []);
      // The server names a refused document by its place in the list: say which file it was.
      const refused = documentRefusals(body?.errors ?? [], files.map((f) => f.name));
      if (refused.length > 0) fields.documents = refused.join(' ');
      setErrors(fields);
      focusFirstInvalid();
      notify.error(refused.length > 0 ? `Your answer was not sent. ${refused.join(' ')}` : err instanceof Error ? err.message : 'Your answer could not be sent. Try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form ref={formRef} className={s.form} onSubmit={(e) => void submit(e)} noValidate aria-label="Answer the reviewer">
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>The reviewer needs more information</MessageBarTitle>
          {request?.message ?? 'Answer below.'}
        </MessageBarBody>
      </MessageBar>
      <Field label="Your answer" required validationMessage={errors.message} validationState={errors.message ? 'error' : 'none'}>
        <Textarea value={message} maxLength={2000} resize="vertical" onChange={(_, d) => setMessage(d.value)} />
      </Field>
      <DocumentPicker label="More documents (optional)" files={files} onChange={changeFiles} min={0} error={errors.documents} />
      <div className={s.actions}>
        <SubmitButton busy={busy}>
          {busy ? 'Sending…' : 'Send the answer'}
        </SubmitButton>
      </div>
    </form>
  );
}
