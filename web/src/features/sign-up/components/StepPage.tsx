import { useState, type ReactNode } from 'react';
import { SubmitButton } from '../../../components/SubmitButton.tsx';
import { useFocusFirstInvalid } from '../../../lib/focus.ts';
import { useTrackClick } from '../../../lib/track.ts';
import type { StepSave } from '../api/sign-up.ts';
import { SignUpActor } from './SignUpFlow.tsx';
import { StepFrame, useFormStyles, type ScreenTitle } from './StepFrame.tsx';

/** A signed-in step's form state: `busy` while the machine saves it or moves on, `touched` once it was submitted. */
export function useStepForm() {
  const busy = SignUpActor.useSelector((st) => st.matches('saving') || st.matches('advancing'));
  const [touched, setTouched] = useState(false);
  return { busy, touched, touch: () => setTouched(true) };
}

export interface StepPageProps {
  screen: ScreenTitle;
  title: string;
  intro: string;
  /** The click the submit button tracks ("Save PIN"). */
  trackAs: string;
  form: ReturnType<typeof useStepForm>;
  /** What the step saves, or null while a field has something to fix (the page shows it once `touched`). */
  save: () => StepSave | null;
  submitLabel?: string;
  busyLabel?: string;
  children: ReactNode;
}

/** A signed-in wizard step that is one form (named as the screen): the frame with the machine's error, the fields, and the submit button that saves the step. */
export function StepPage({ screen, title, intro, trackAs, form, save, submitLabel = 'Save and continue', busyLabel = 'Saving…', children }: StepPageProps) {
  const s = useFormStyles();
  const actor = SignUpActor.useActorRef();
  const track = useTrackClick();
  const error = SignUpActor.useSelector((st) => st.context.error);
  // A refused submit takes focus to the first field to fix (lib/focus.ts), as every other form does.
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid<HTMLFormElement>();
  return (
    <StepFrame screen={screen} title={title} intro={intro} error={error}>
      <form
        ref={formRef}
        className={s.form}
        aria-label={screen}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.touch();
          track(trackAs);
          const body = save();
          if (body) actor.send({ type: 'SAVE', save: body });
          else focusFirstInvalid();
        }}
      >
        {children}
        <SubmitButton busy={form.busy}>{form.busy ? busyLabel : submitLabel}</SubmitButton>
      </form>
    </StepFrame>
  );
}
