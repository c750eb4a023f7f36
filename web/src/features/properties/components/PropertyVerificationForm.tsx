import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { PropertySummary, VerificationStarted } from '@acpg/contracts/properties';
import {
  Button, Field, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Radio, RadioGroup, Spinner, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { answerVerification, fetchProperty, refusalOf } from '../api/properties.ts';
import { forgetVerification, openVerification, rememberTriesLeft } from '../api/verification-cache.ts';
import { SubmitButton } from '../../../components/SubmitButton.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  choices: { overflowWrap: 'anywhere' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground2 },
});

export interface PropertyVerificationFormProps {
  propertyId: string;
  onVerified: (property: PropertySummary) => void;
}

type View =
  | { kind: 'starting' }
  | { kind: 'start-failed'; message: string; canRetry: boolean }
  | { kind: 'answering'; verification: VerificationStarted; triesLeft: number; error: string | null; submitting: boolean }
  | { kind: 'ended'; title: string; message: string; canRestart: boolean }
  | { kind: 'verified'; property: PropertySummary };

const triesText = (n: number) => `${n} ${n === 1 ? 'try' : 'tries'} left`;

/**
 * Verification questions about one property (answers from its record): one radio group per question, then Verify.
 * Wrong answers count down the tries; the last locks the verification; an expired one can be started again.
 */
export function PropertyVerificationForm({ propertyId, onVerified }: PropertyVerificationFormProps) {
  const s = useStyles();
  const [view, setView] = useState<View>({ kind: 'starting' });
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const firstQuestion = useRef<HTMLDivElement>(null);
  const verifiedRef = useRef(onVerified);
  useEffect(() => {
    verifiedRef.current = onVerified;
  });

  // (Re)starting happens in answer to a new property or "Start again": the view is set back to "starting" by them.
  const [shownFor, setShownFor] = useState(propertyId);
  if (shownFor !== propertyId) {
    setShownFor(propertyId);
    setView({ kind: 'starting' });
    setAnswers({});
    setTouched(false);
  }

  useEffect(() => {
    let cancelled = false;
    openVerification(propertyId)
      .then((verification) => {
        if (!cancelled) setView({ kind: 'answering', verification, triesLeft: verification.tries_left, error: null, submitting: false });
      })
      .catch(async (error: unknown) => {
        const refusal = refusalOf(error);
        if (refusal.code === 'PROPERTY_ALREADY_VERIFIED') {
          const property = await fetchProperty(propertyId);
          if (cancelled) return;
          if (property.success) {
            setView({ kind: 'verified', property: property.data });
            verifiedRef.current(property.data);
            return;
          }
        }
        if (!cancelled) setView({ kind: 'start-failed', message: refusal.message, canRetry: refusal.status === 0 || refusal.status >= 500 });
      });
    return () => {
      cancelled = true;
    };
  }, [propertyId, attempt]);

  const restart = () => {
    forgetVerification(propertyId);
    setView({ kind: 'starting' });
    setAnswers({});
    setTouched(false);
    setAttempt((n) => n + 1);
  };

  if (view.kind === 'starting') return <Spinner label="Preparing your questions…" />;
  if (view.kind === 'start-failed') {
    return (
      <Outcome intent="error" role="alert" title="The questions could not be prepared" action={view.canRetry ? <Button onClick={restart}>Try again</Button> : null}>
        {view.message}
      </Outcome>
    );
  }
  if (view.kind === 'verified') {
    return (
      <Outcome intent="success" role="status" title="Property verified">
        {view.property.address_line}, {view.property.city} is now on your account.
      </Outcome>
    );
  }
  if (view.kind === 'ended') {
    return (
      <Outcome intent="warning" role="alert" title={view.title} action={view.canRestart ? <Button onClick={restart}>Start again</Button> : null}>
        {view.message}
      </Outcome>
    );
  }

  const { verification, triesLeft, error, submitting } = view;
  const unanswered = verification.questions.filter((q) => !answers[q.id]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    setTouched(true);
    if (unanswered.length > 0) {
      firstQuestion.current?.querySelector<HTMLInputElement>(`[name="${verification.questions.indexOf(unanswered[0]!)}-question"]`)?.focus();
      return;
    }
    setView({ ...view, submitting: true, error: null });
    try {
      const passed = await answerVerification(verification.verification_id, answers);
      forgetVerification(propertyId);
      setView({ kind: 'verified', property: passed.property });
      verifiedRef.current(passed.property);
    } catch (err) {
      const refusal = refusalOf(err);
      switch (refusal.code) {
        case 'VERIFICATION_INCORRECT': {
          const left = refusal.triesLeft ?? Math.max(0, triesLeft - 1);
          rememberTriesLeft(propertyId, left);
          setView({ ...view, submitting: false, triesLeft: left, error: refusal.message });
          return;
        }
        case 'VERIFICATION_LOCKED':
          forgetVerification(propertyId);
          setView({ kind: 'ended', title: 'Verification locked', message: refusal.message, canRestart: false });
          return;
        case 'VERIFICATION_EXPIRED':
        case 'VERIFICATION_NOT_FOUND':
          forgetVerification(propertyId);
          setView({ kind: 'ended', title: 'These questions have expired', message: refusal.message, canRestart: true });
          return;
        case 'VERIFICATION_COMPLETE': {
          forgetVerification(propertyId);
          const property = await fetchProperty(propertyId);
          if (property.success) {
            setView({ kind: 'verified', property: property.data });
            verifiedRef.current(property.data);
            return;
          }
          setView({ ...view, submitting: false, error: property.message });
          return;
        }
        default:
          setView({ ...view, submitting: false, error: refusal.message });
      }
    }
  };

  return (
    <div className={s.root}>
      <Text className={s.muted}>
        Answer these questions from the property&apos;s records to confirm it is yours. {triesText(triesLeft)}; the questions expire at{' '}
        {new Date(verification.expires_at).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}.
      </Text>
      {error && (
        <MessageBar intent="error" layout="multiline" role="alert">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      <form className={s.form} onSubmit={submit} noValidate aria-label="Property verification questions">
        <div ref={firstQuestion} className={s.form}>
          {verification.questions.map((q, i) => (
            <Field key={q.id} label={q.prompt} required validationMessage={touched && !answers[q.id] ? 'Choose an answer.' : null}>
              <RadioGroup name={`${i}-question`} value={answers[q.id] ?? ''} onChange={(_, d) => setAnswers((a) => ({ ...a, [q.id]: d.value }))}>
                {q.choices.map((choice) => (
                  <Radio key={choice} className={s.choices} value={choice} label={choice} />
                ))}
              </RadioGroup>
            </Field>
          ))}
        </div>
        <div className={s.actions}>
          <SubmitButton busy={submitting}>
            {submitting ? 'Checking…' : 'Verify property'}
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}

/** What shows in place of the questions once they are over or could not start: a titled message and its one action, if any. */
function Outcome({ intent, role, title, action = null, children }: { intent: 'error' | 'success' | 'warning'; role: 'alert' | 'status'; title: ReactNode; action?: ReactNode; children: ReactNode }) {
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
