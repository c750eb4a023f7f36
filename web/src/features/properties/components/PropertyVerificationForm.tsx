import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { DOCUMENT_RULES, VERIFICATION_RULES, type OwnershipVerification, type PropertySummary } from '@acpg/contracts/properties';
import {
  Button, Field, Input, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Spinner, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { enterVerificationCode, fetchMyVerifications, fetchProperty, formatAddress, mailVerificationCode, refusalOf } from '../api/properties.ts';
import { SubmitButton } from '../../../components/SubmitButton.tsx';
import { useFocusFirstInvalid } from '../../../lib/focus.ts';
import { PropertyDocumentForm } from './PropertyDocumentForm.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '28rem' },
  code: { fontFamily: tokens.fontFamilyMonospace, letterSpacing: '0.1em' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground2 },
});

export interface PropertyVerificationFormProps {
  propertyId: string;
  onVerified: (property: PropertySummary) => void;
  /** A letter is on its way (just mailed, or mailed before): the sign-up wizard may go on without the code. */
  onPending?: (verification: OwnershipVerification) => void;
}

type View =
  | { kind: 'loading' }
  | { kind: 'load-failed'; message: string }
  | { kind: 'ask'; mailing: boolean; error: string | null; previous: OwnershipVerification | null }
  | { kind: 'upload'; documentsLeft: number; previous: OwnershipVerification | null }
  | { kind: 'review'; verification: OwnershipVerification; justSent: boolean }
  | { kind: 'letter'; verification: OwnershipVerification; mailing: boolean; notice: string | null }
  | { kind: 'locked'; message: string }
  | { kind: 'verified'; property: PropertySummary };

const VERIFICATION_DOCUMENTS = DOCUMENT_RULES.maxDocuments;
const triesText = (n: number) => `${n} ${n === 1 ? 'try' : 'tries'} left`;
const lettersText = (n: number) => `${n} more ${n === 1 ? 'letter' : 'letters'}`;
const onDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/**
 * Verifies that the signed-in member controls a property: a one-time code is mailed to the property's address, and
 * whoever receives mail there enters it (public records prove nothing). Each letter and each wrong code counts for the
 * account and property for good, so the form says what is left. A letter takes days: its state is read back from the
 * server whenever the form is shown, so the code can be entered later here or on My properties.
 */
export function PropertyVerificationForm({ propertyId, onVerified, onPending }: PropertyVerificationFormProps) {
  const s = useStyles();
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const callbacks = useRef({ onVerified, onPending });
  useEffect(() => {
    callbacks.current = { onVerified, onPending };
  });

  const [shownFor, setShownFor] = useState(propertyId);
  if (shownFor !== propertyId) {
    setShownFor(propertyId);
    setView({ kind: 'loading' });
  }

  useEffect(() => {
    const ctl = new AbortController();
    void fetchMyVerifications(ctl.signal).then(async (result) => {
      if (ctl.signal.aborted) return;
      if (!result.success) {
        setView({ kind: 'load-failed', message: result.message });
        return;
      }
      const mine = result.data.items.find((v) => v.property_id === propertyId);
      if (!mine) setView({ kind: 'ask', mailing: false, error: null, previous: null });
      else if (mine.status === 'verified') {
        setView({ kind: 'verified', property: mine.property });
        callbacks.current.onVerified(mine.property);
      } else if (mine.status === 'locked') {
        setView({ kind: 'locked', message: 'Too many wrong codes were entered for this property: it can no longer be verified with a mailed code on this account. Contact us through the Contact Us page if it is yours.' });
      } else if (mine.status === 'document_review') {
        setView({ kind: 'review', verification: mine, justSent: false });
        callbacks.current.onPending?.(mine);
      } else if (mine.status === 'document_rejected') {
        setView({ kind: 'ask', mailing: false, error: null, previous: mine });
      } else {
        setView({ kind: 'letter', verification: mine, mailing: false, notice: null });
        callbacks.current.onPending?.(mine);
      }
    }).catch(() => {
      if (!ctl.signal.aborted) setView({ kind: 'load-failed', message: 'The server could not be reached. Check your connection and try again.' });
    });
    return () => ctl.abort();
  }, [propertyId, attempt]);

  const mail = async () => {
    if ((view.kind !== 'ask' && view.kind !== 'letter') || view.mailing) return;
    setView({ ...view, mailing: true, ...(view.kind === 'ask' ? { error: null } : { notice: null }) });
    try {
      const verification = await mailVerificationCode(propertyId);
      setView({ kind: 'letter', verification, mailing: false, notice: `A new letter is on its way. Use the code from the newest letter: it replaces the one before.` });
      callbacks.current.onPending?.(verification);
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal.code === 'PROPERTY_ALREADY_VERIFIED') {
        setAttempt((n) => n + 1);
        return;
      }
      if (refusal.code === 'VERIFICATION_LOCKED') {
        setView({ kind: 'locked', message: refusal.message });
        return;
      }
      setView(view.kind === 'ask' ? { ...view, mailing: false, error: refusal.message } : { ...view, mailing: false, notice: refusal.message });
    }
  };

  const verified = (property: PropertySummary) => {
    setView({ kind: 'verified', property });
    callbacks.current.onVerified(property);
  };

  switch (view.kind) {
    case 'loading':
      return <Spinner label="Checking this property on your account…" />;
    case 'load-failed':
      return (
        <Outcome intent="error" role="alert" title="Your verification could not be loaded" action={<Button onClick={() => { setView({ kind: 'loading' }); setAttempt((n) => n + 1); }}>Try again</Button>}>
          {view.message}
        </Outcome>
      );
    case 'verified':
      return (
        <Outcome intent="success" role="status" title="Property verified">
          {formatAddress(view.property)} is now on your account.
        </Outcome>
      );
    case 'locked':
      return (
        <Outcome intent="error" role="alert" title="Verification locked">
          {view.message}
        </Outcome>
      );
    case 'review':
      return <UnderReview verification={view.verification} focus={view.justSent} />;
    case 'upload':
      return (
        <PropertyDocumentForm
          propertyId={propertyId}
          documentsLeft={view.documentsLeft}
          onSent={(verification) => {
            setView({ kind: 'review', verification, justSent: true });
            callbacks.current.onPending?.(verification);
          }}
          onCancel={() => {
            setView({ kind: 'loading' });
            setAttempt((n) => n + 1);
          }}
          onAlreadyVerified={() => setAttempt((n) => n + 1)}
        />
      );
    case 'ask': {
      const rejected = view.previous?.document?.status === 'rejected' ? view.previous.document : null;
      const documentsLeft = view.previous?.documents_left ?? VERIFICATION_DOCUMENTS;
      return (
        <div className={s.root}>
          {rejected && (
            <Outcome intent="warning" role="status" title="Your document was not accepted">
              {rejected.reason}
            </Outcome>
          )}
          <Text>
            We mail a one-time code to the property&apos;s address. Only someone who receives mail there can read it, which is how we
            know the property is yours. A letter usually arrives within 3 to 7 business days; its code works for {VERIFICATION_RULES.codeValidDays} days.
          </Text>
          {view.error && (
            <MessageBar intent="error" layout="multiline" role="alert">
              <MessageBarBody>{view.error}</MessageBarBody>
            </MessageBar>
          )}
          <div className={s.actions}>
            <Button appearance="primary" onClick={() => void mail()} disabledFocusable={view.mailing} icon={view.mailing ? <Spinner size="tiny" /> : undefined}>
              {view.mailing ? 'Mailing your code…' : 'Mail me a code'}
            </Button>
            {documentsLeft > 0 && (
              <Button disabledFocusable={view.mailing} onClick={() => setView({ kind: 'upload', documentsLeft, previous: view.previous })}>
                Upload a document instead
              </Button>
            )}
          </div>
          <Text className={s.muted}>
            {documentsLeft > 0
              ? 'Or send your deed or a property-tax bill in your name, and we review it.'
              : 'No more documents can be sent for this property. If it is yours, contact us through the Contact Us page.'}
          </Text>
        </div>
      );
    }
    case 'letter':
      return (
        <CodeEntry
          view={view}
          onMailAgain={() => void mail()}
          onVerified={verified}
          onLocked={(message) => setView({ kind: 'locked', message })}
          onUpload={() => setView({ kind: 'upload', documentsLeft: view.verification.documents_left, previous: view.verification })}
        />
      );
    default: {
      const unexpected: never = view;
      throw new Error(`Unknown view ${JSON.stringify(unexpected)}`);
    }
  }
}

/** The letter is on its way: where the code goes when it arrives, the tries left, and another letter if it got lost. */
function CodeEntry({
  view, onMailAgain, onVerified, onLocked, onUpload,
}: {
  view: Extract<View, { kind: 'letter' }>;
  onMailAgain: () => void;
  onUpload: () => void;
  onVerified: (property: PropertySummary) => void;
  onLocked: (message: string) => void;
}) {
  const s = useStyles();
  const { verification } = view;
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [triesLeft, setTriesLeft] = useState(verification.tries_left);
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid<HTMLFormElement>();
  const sentOn = verification.letter_sent_at ? onDay(verification.letter_sent_at) : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const typed = code.replace(/[\s-]/g, '');
    if (typed.length !== VERIFICATION_RULES.codeLength) {
      setFieldError(typed.length === 0 ? 'Enter the code from the letter.' : `The code has ${VERIFICATION_RULES.codeLength} letters and digits, as printed in the letter (for example K7QM-3XPA).`);
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    setFieldError(null);
    try {
      const passed = await enterVerificationCode(verification.property_id, code);
      onVerified(passed.property);
    } catch (error) {
      const refusal = refusalOf(error);
      setBusy(false);
      if (refusal.code === 'VERIFICATION_LOCKED') {
        onLocked(refusal.message);
        return;
      }
      if (refusal.code === 'VERIFICATION_COMPLETE') {
        const property = await fetchProperty(verification.property_id);
        if (property.success) {
          onVerified(property.data);
          return;
        }
      }
      if (refusal.triesLeft !== null) setTriesLeft(refusal.triesLeft);
      setFieldError(refusal.message);
      focusFirstInvalid();
    }
  };

  return (
    <div className={s.root}>
      <Text>
        A letter with your code is on its way to <strong>{formatAddress(verification.property)}</strong>
        {sentOn ? ` (mailed ${sentOn})` : ''}. When it arrives, enter the code here or on My properties.
        {verification.code_expires_at ? ` The code works until ${onDay(verification.code_expires_at)}.` : ''}
      </Text>
      <form ref={formRef} className={s.form} onSubmit={submit} noValidate aria-label="Enter the code from the letter">
        <Field label="Code from the letter" required validationMessage={fieldError} hint={`For example K7QM-3XPA. ${triesText(triesLeft)}.`}>
          <Input
            className={s.code}
            value={code}
            onChange={(_, d) => setCode(d.value)}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
          />
        </Field>
        <div className={s.actions}>
          <SubmitButton busy={busy}>{busy ? 'Checking…' : 'Verify property'}</SubmitButton>
        </div>
      </form>
      {view.notice && (
        <MessageBar intent="info" layout="multiline" role="status">
          <MessageBarBody>{view.notice}</MessageBarBody>
        </MessageBar>
      )}
      <Text className={s.muted}>
        {verification.letters_left > 0
          ? `No letter after 10 business days? We can mail ${lettersText(verification.letters_left)} for this property.`
          : 'No more letters can be mailed for this property. If yours never came, contact us through the Contact Us page.'}
      </Text>
      {verification.document?.status === 'rejected' && (
        <Outcome intent="warning" role="status" title="Your document was not accepted">
          {verification.document.reason}
        </Outcome>
      )}
      {(verification.letters_left > 0 || verification.documents_left > 0) && (
        <div className={s.actions}>
          {verification.letters_left > 0 && (
            <Button onClick={onMailAgain} disabledFocusable={view.mailing} icon={view.mailing ? <Spinner size="tiny" /> : undefined}>
              {view.mailing ? 'Mailing a new code…' : 'Mail a new code'}
            </Button>
          )}
          {verification.documents_left > 0 && <Button onClick={onUpload}>Upload a document instead</Button>}
        </div>
      )}
    </div>
  );
}

/** A document waits for review; just sent, it takes the focus of the form it replaced. */
function UnderReview({ verification, focus }: { verification: OwnershipVerification; focus: boolean }) {
  const status = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) status.current?.focus();
  }, [focus]);
  const document = verification.document;
  return (
    <div ref={status} tabIndex={-1}>
      <Outcome intent="info" role="status" title="Document under review">
        We received your {document?.kind === 'tax_bill' ? 'property-tax bill' : 'deed'}
        {document ? ` on ${onDay(document.submitted_at)}` : ''}. We usually review it within two business days and show the result here.
      </Outcome>
    </div>
  );
}

/** What shows in place of the form once it is over or could not load: a titled message and its one action, if any. */
function Outcome({ intent, role, title, action = null, children }: { intent: 'error' | 'success' | 'warning' | 'info'; role: 'alert' | 'status'; title: ReactNode; action?: ReactNode; children: ReactNode }) {
  return (
    <MessageBar intent={intent} layout="multiline" role={role}>
      <MessageBarBody>
        <MessageBarTitle>{title}</MessageBarTitle>
        {children}
      </MessageBarBody>
      {action && <MessageBarActions>{action}</MessageBarActions>}
    </MessageBar>
  );
}
