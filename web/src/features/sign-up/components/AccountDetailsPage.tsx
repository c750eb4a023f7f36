import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { rememberSignUpReturn, returnPathOf, signInPathFor } from '../../../lib/return-path.ts';
import { Button, Field, Input, MessageBar, MessageBarBody, Radio, RadioGroup, Select, Spinner, Text } from '@fluentui/react-components';
import type { CountryCode } from 'libphonenumber-js';
import { useTrackClick } from '../../../lib/track.ts';
import { SIGN_UP_ROLES, type SignUpRole } from '../api/sign-up.ts';
import { checkPhone, countryOptions, DEFAULT_COUNTRY, formatAsTyped, isCountry } from '../phone.ts';
import { passwordProblem, passwordStrength, type Strength } from '../password.ts';
import { SignUpActor } from './SignUpFlow.tsx';
import { HumanCheck, type HumanCheckHandle } from './HumanCheck.tsx';
import { StepFrame, useFormStyles } from './StepFrame.tsx';
import { RouteLink } from '../../../components/RouteLink.tsx';
import { FieldGroup } from './FieldGroup.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const STRENGTH_HINT: Record<Strength, string> = {
  'too short': 'At least 8 characters. A few words you will remember make a strong password.',
  weak: 'Strength: weak. A longer password, such as a few unrelated words, is stronger.',
  fair: 'Strength: fair. A few more characters make it stronger.',
  strong: 'Strength: strong.',
};

/** /authentication/sign-up: the account details, the first screen of the wizard. */
export default function AccountDetailsPage() {
  const s = useFormStyles();
  const actor = SignUpActor.useActorRef();
  const track = useTrackClick();
  const ctx = SignUpActor.useSelector((st) => st.context);
  const busy = SignUpActor.useSelector((st) => st.matches('creating'));
  const kept = ctx.details;
  // Someone who already has an account signs in and still lands where the sign-up was to lead (a safe `next` only).
  const { search } = useLocation();
  const returnTo = returnPathOf(search, window.location.origin);
  const [fullName, setFullName] = useState(kept?.full_name ?? '');
  const [email, setEmail] = useState(kept?.email ?? '');
  const [country, setCountry] = useState<CountryCode>(DEFAULT_COUNTRY);
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [role, setRole] = useState<SignUpRole>(kept?.role ?? 'Customer');
  const [touched, setTouched] = useState(false);
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<string | null>(null);
  const human = useRef<HumanCheckHandle>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => nameRef.current?.focus(), []);
  // Opened from a page that wants the new user back (an NHD order under way): the wizard ends there.
  useEffect(() => rememberSignUpReturn(window.location.search, window.location.origin), []);

  // A refused creation: the check's payload is single use, so the next try solves a new challenge.
  const errorCount = ctx.errorCount;
  useEffect(() => {
    if (errorCount > 0) human.current?.reset();
  }, [errorCount]);

  const phoneCheck = checkPhone(country, phone);
  const errors = {
    fullName: !fullName.trim() ? 'Enter your full name' : fullName.trim().length > 100 ? 'Use at most 100 characters' : null,
    email: !email.trim() ? 'Enter your email address' : !EMAIL.test(email.trim()) ? 'Enter a valid email address' : null,
    phone: phoneCheck.ok ? null : phoneCheck.message,
    password: passwordProblem(password),
    confirm: !confirm ? 'Enter the password again' : confirm !== password ? 'The passwords do not match' : null,
  };
  const strength = passwordStrength(password);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    track('Create account');
    if (Object.values(errors).some(Boolean) || !phoneCheck.ok) return;
    setChecking(true);
    setCheckError(null);
    const captcha = await human.current?.payload();
    setChecking(false);
    if (!captcha) {
      setCheckError('The human check did not finish. Check "I\'m not a robot" and try again.');
      return;
    }
    // confirm_password is never sent beyond the form (DECISIONS.md).
    actor.send({ type: 'SUBMIT', details: { full_name: fullName.trim(), email: email.trim().toLowerCase(), phone: phoneCheck.e164, password, role, captcha } });
  };

  const show = (message: string | null) => (touched ? message : null);
  const pending = busy || checking;

  return (
    <StepFrame screen="Account details" title="Create your account" intro="We send a code to your phone and then to your email to confirm them." error={ctx.error}>
      {ctx.errorCount >= 3 && (
        <MessageBar intent="info">
          <MessageBarBody>
            Having trouble creating your account? <RouteLink to="/contact-us">Contact us</RouteLink> and we will help.
          </MessageBarBody>
        </MessageBar>
      )}
      <form className={s.form} onSubmit={(e) => void submit(e)} noValidate aria-label="Create your account">
        <div className={s.grid}>
          <Field label="Full name" required validationMessage={show(errors.fullName)}>
            <Input ref={nameRef} autoComplete="name" value={fullName} onChange={(_, d) => setFullName(d.value)} />
          </Field>
          <Field label="Email" required validationMessage={ctx.fieldErrors.email ?? show(errors.email)}>
            <Input type="email" autoComplete="email" value={email} onChange={(_, d) => setEmail(d.value)} />
          </Field>
        </div>
        <div className={s.phone}>
          <Field label="Country">
            <Select
              className={s.fill}
              value={country}
              onChange={(_, d) => {
                if (isCountry(d.value)) setCountry(d.value);
              }}
            >
              {countryOptions().map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name} ({c.dial})
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Phone number" required validationMessage={ctx.fieldErrors.phone ?? show(errors.phone)} hint="We text a code to this number.">
            <Input type="tel" autoComplete="tel-national" value={phone} onChange={(_, d) => setPhone(formatAsTyped(country, d.value))} />
          </Field>
        </div>
        <div className={s.grid}>
          <Field label="Password" required validationMessage={show(errors.password)} hint={errors.password && touched ? undefined : STRENGTH_HINT[strength]}>
            <Input type="password" autoComplete="new-password" value={password} onChange={(_, d) => setPassword(d.value)} />
          </Field>
          <Field label="Confirm password" required validationMessage={show(errors.confirm)}>
            <Input type="password" autoComplete="new-password" value={confirm} onChange={(_, d) => setConfirm(d.value)} />
          </Field>
        </div>
        <Field label="I am signing up as">
          <RadioGroup layout="horizontal" className={s.wrap} value={role} onChange={(_, d) => setRole(d.value as SignUpRole)}>
            {SIGN_UP_ROLES.map((r) => (
              <Radio key={r} value={r} label={r} />
            ))}
          </RadioGroup>
        </Field>
        <FieldGroup label="Human check" error={checkError}>
          <HumanCheck ref={human} />
        </FieldGroup>
        <Button type="submit" appearance="primary" disabledFocusable={pending} icon={pending ? <Spinner size="tiny" /> : undefined}>
          {checking ? 'Checking…' : busy ? 'Creating your account…' : 'Create account'}
        </Button>
        <Text>
          Already have an account?{' '}
          <RouteLink to={returnTo ? signInPathFor(returnTo) : '/authentication/sign-in'}>Sign in</RouteLink>
        </Text>
      </form>
    </StepFrame>
  );
}
