import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, MessageBar, MessageBarBody, ProgressBar, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { requiredSteps, type SignedInStep, type SignUpIntent } from '@acpg/contracts/sign-up-steps';
import { peekSignUpReturn } from '../../../lib/return-path.ts';
import { shownStep, shownStepDone, stepsOf } from '../machines/sign-up.machine.ts';
import { SignUpActor } from './SignUpFlow.tsx';

const useStyles = makeStyles({
  page: { display: 'flex', justifyContent: 'center', paddingBlock: tokens.spacingVerticalXL },
  card: {
    width: '100%',
    maxWidth: '640px',
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalXXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    '@media (max-width: 599px)': { padding: tokens.spacingHorizontalL },
  },
  head: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  flush: { margin: 0 },
  nav: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', justifyContent: 'space-between' },
});

/** The screens of the wizard, in DECISIONS.md's order; an applicant is shown those their role and intent need. */
export const SCREEN_TITLES = [
  'Account details',
  'Phone code',
  'Email code',
  'Property',
  'Face and signature',
  'Mailing address',
  'Plan and payment',
  'Beneficiaries',
  'Security PIN',
] as const;
export type ScreenTitle = (typeof SCREEN_TITLES)[number];

/** The screen of each signed-in step. */
export const STEP_SCREENS: Record<SignedInStep, ScreenTitle> = {
  property: 'Property',
  face_signature: 'Face and signature',
  mailing_address: 'Mailing address',
  plan: 'Plan and payment',
  beneficiaries: 'Beneficiaries',
  pin: 'Security PIN',
};

/** Why each screen asks what it asks, in one line (the face photo and the signature included). */
export const WHY_WE_ASK: Record<ScreenTitle, string> = {
  'Account details': 'Your account is yours alone: we confirm your phone and email so nobody else can use them.',
  'Phone code': 'A confirmed phone lets us send sign-in codes and updates to you, and to nobody else.',
  'Email code': 'A confirmed email is where your reports, receipts and notices go.',
  Property: 'A membership or Equity Protect covers a home you own, so we confirm it is yours.',
  'Face and signature': 'They let us confirm it is really you before a claim is paid or a change to your property is acted on.',
  'Mailing address': 'We mail notices about your coverage and your property here.',
  'Plan and payment': 'Your plan decides what is covered and what you pay.',
  Beneficiaries: 'They receive your membership’s benefits if something happens to you.',
  'Security PIN': 'We ask for it before changes to your beneficiaries or payouts, so nobody else can make them.',
};

const FIRST_SCREENS: readonly ScreenTitle[] = ['Account details', 'Phone code', 'Email code'];

/** Back and Next under a signed-in step: Back to the step before (or, on the first, to the page the sign-up came from); Next past a step already done. */
function StepNav() {
  const s = useStyles();
  const actor = SignUpActor.useActorRef();
  const navigate = useNavigate();
  const canBack = SignUpActor.useSelector((st) => st.can({ type: 'BACK' }));
  const canNext = SignUpActor.useSelector((st) => shownStepDone(st.context) && st.can({ type: 'NEXT' }));
  const busy = SignUpActor.useSelector((st) => st.matches('saving') || st.matches('advancing'));
  const back = () => {
    if (canBack) actor.send({ type: 'BACK' });
    // The first step: out of the wizard, to where it started; signing in again picks it up here.
    else void navigate(peekSignUpReturn(window.location.origin) ?? '/');
  };
  return (
    <div className={s.nav}>
      <Button onClick={back} disabledFocusable={busy}>
        Back
      </Button>
      {canNext && (
        <Button onClick={() => actor.send({ type: 'NEXT' })} disabledFocusable={busy}>
          Next
        </Button>
      )}
    </div>
  );
}

/**
 * One wizard screen: where the user is (step n of the steps their role and intent need), the screen's one h1, an
 * intro, why we ask, its error, its form, and Back on every signed-in step.
 */
export function StepFrame({
  screen,
  title,
  intro,
  error,
  intent,
  children,
}: {
  screen: ScreenTitle;
  title: string;
  intro?: ReactNode;
  error?: string | null;
  /** The intent chosen on the screen, before the account exists (the steps counted follow the choice). */
  intent?: SignUpIntent;
  children: ReactNode;
}) {
  const s = useStyles();
  // Selected as a string: a new array on every snapshot would draw the frame again each time.
  const steps = SignUpActor.useSelector((st) => (intent && !st.context.progress ? requiredSteps([intent]) : stepsOf(st.context)).join(' '));
  const screens: ScreenTitle[] = [...FIRST_SCREENS, ...stepsOf({ progress: null, details: null }).filter((step) => steps.split(' ').includes(step)).map((step) => STEP_SCREENS[step])];
  const signedInStep = SignUpActor.useSelector((st) => shownStep(st.context) != null && st.context.progress != null);
  const shown = screens.indexOf(screen);
  const n = shown >= 0 ? shown + 1 : SCREEN_TITLES.indexOf(screen) + 1;
  const total = shown >= 0 ? screens.length : SCREEN_TITLES.length;
  return (
    <div className={s.page}>
      <Card className={s.card}>
        <div className={s.head}>
          <Text size={200}>
            Step {n} of {total}: {screen}
          </Text>
          <ProgressBar value={n / total} thickness="medium" aria-label={`Sign-up progress, step ${n} of ${total}`} />
        </div>
        <Title2 as="h1" className={s.flush}>
          {title}
        </Title2>
        {intro && <Text as="p" className={s.flush}>{intro}</Text>}
        <Text as="p" size={200} className={s.flush}>
          <Text weight="semibold" size={200}>
            Why we ask:
          </Text>{' '}
          {WHY_WE_ASK[screen]}
        </Text>
        {error && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{error}</MessageBarBody>
          </MessageBar>
        )}
        {children}
        {signedInStep && !FIRST_SCREENS.includes(screen) && <StepNav />}
      </Card>
    </div>
  );
}

export const useFormStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))', gap: tokens.spacingVerticalL + ' ' + tokens.spacingHorizontalL, alignItems: 'start' },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'center' },
  phone: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
    gap: tokens.spacingVerticalL + ' ' + tokens.spacingHorizontalL,
    alignItems: 'start',
    '@media (max-width: 599px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  fill: { width: '100%', minWidth: 0 },
  wrap: { flexWrap: 'wrap' },
  words: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
});
