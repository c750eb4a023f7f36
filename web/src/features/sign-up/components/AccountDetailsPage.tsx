import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { rememberSignUpReturn, returnPathOf, signInPathFor } from '../../../lib/return-path.ts';
import { Button, Checkbox, Field, Input, Link, MessageBar, MessageBarBody, Radio, RadioGroup, Select, Spinner, Text } from '@fluentui/react-components';
import type { CountryCode } from 'libphonenumber-js';
import { useTrackClick } from '../../../lib/track.ts';
import { ROLES_WITH_BROKERAGE, SIGN_UP_INTENTS, SIGN_UP_ROLES, TERMS_OF_SERVICE_PATH, TERMS_OF_SERVICE_VERSION, CHALLENGE_PATH, type SignUpIntent, type SignUpRole } from '../api/sign-up.ts';
import { checkPhone, countryOptions, DEFAULT_COUNTRY, formatAsTyped, isCountry } from '../phone.ts';
import { passwordProblem, passwordStrength, type Strength } from '../password.ts';
import { SignUpActor } from './SignUpFlow.tsx';
import { HumanCheck, type HumanCheckHandle } from '../../../components/HumanCheck.tsx';
import { StepFrame, useFormStyles } from './StepFrame.tsx';
import { RouteLink } from '../../../components/RouteLink.tsx';
import { FieldGroup } from './FieldGroup.tsx';
import { invitationFromSearch, keepConfirmedProperties, useInvitation } from '../invitation.ts';
import { ProviderProperties } from './ProviderProperties.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const STRENGTH_HINT: Record<Strength, string> = {
  'too short': 'At least 8 characters. A few words you will remember make a strong password.',
  weak: 'Strength: weak. A longer password, such as a few unrelated words, is stronger.',
  fair: 'Strength: fair. A few more characters make it stronger.',
  strong: 'Strength: strong.',
};

/** Each role in plain words (spec section 6: the customer side). */
const ROLE_WORDS: Record<SignUpRole, string> = {
  Customer: 'You use ACPG for yourself: a report, a membership or protection, whether or not you own a home yet.',
  Owner: 'You own a home and want it covered by a membership or its title protected.',
  Agent: 'You are a real estate agent ordering reports for clients’ homes you do not own.',
  Broker: 'You run or work for a brokerage and order reports for its agents’ clients.',
};

/** What the applicant came to do, and what each asks of them after the codes (the server names the steps). */
const INTENT_WORDS: Record<SignUpIntent, { label: string; asks: string }> = {
  nhd: { label: 'Order an NHD report for a property', asks: 'Only your email and phone are confirmed: no property of your own, no face photo or signature.' },
  membership: { label: 'Become a member (home services membership)', asks: 'Next you verify your home, add a face photo and signature, choose a plan, and name beneficiaries.' },
  equity_protect: { label: 'Protect my home’s title (Equity Protect)', asks: 'Next you verify your home, add a face photo and signature, and pay for the protection.' },
};

/** The intent a sign-up opened from another page carries (`?next=/nhd-order` → an NHD order). */
export const intentOfReturn = (path: string | null): SignUpIntent => {
  const page = path?.split(/[?#]/)[0] ?? '';
  if (page === '/nhd-order') return 'nhd';
  if (page === '/equity-protect' || page === '/equity-protect-property-search') return 'equity_protect';
  return 'membership';
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
  const [emailDraft, setEmail] = useState(kept?.email ?? '');
  const [country, setCountry] = useState<CountryCode>(DEFAULT_COUNTRY);
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [roleDraft, setRole] = useState<SignUpRole>(kept?.role ?? 'Customer');
  const [intent, setIntent] = useState<SignUpIntent>(kept?.intent ?? intentOfReturn(returnTo));
  const [brokerageDraft, setBrokerage] = useState<string | null>(null);
  const [terms, setTerms] = useState(false);
  // A provider's invitation (`/sign-up?invitation=`): its email is fixed, its role set (when it is a sign-up role).
  const [invitationKey] = useState(() => invitationFromSearch(search));
  const invitation = useInvitation(invitationKey);
  const invited = invitation.status === 'ready' ? invitation.preview : null;
  const invitedRole = invited ? SIGN_UP_ROLES.find((r) => r === invited.role) ?? null : null;
  const email = invited ? invited.email : emailDraft;
  const role = invitedRole ?? roleDraft;
  const needsBrokerage = ROLES_WITH_BROKERAGE.includes(role);
  // An invited Agent or Broker works for the provider, unless they type another brokerage.
  const brokerage = brokerageDraft ?? (invited && needsBrokerage ? invited.provider_name : '');
  // The properties the provider attached: all checked until the user unchecks one.
  const [confirmedDraft, setConfirmed] = useState<string[] | null>(null);
  const confirmed = confirmedDraft ?? (invited?.properties ?? []).map((p) => p.id);
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
    brokerage: !needsBrokerage ? null : !brokerage.trim() ? 'Enter the name of your brokerage' : brokerage.trim().length > 120 ? 'Use at most 120 characters' : null,
    terms: terms ? null : 'Accept the Terms of Service to create your account',
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
    // The checked properties go with the invitation's acceptance, once the email code signs the account in.
    if (invited) keepConfirmedProperties(confirmed);
    // confirm_password is never sent beyond the form (DECISIONS.md).
    actor.send({
      type: 'SUBMIT',
      details: {
        full_name: fullName.trim(),
        email: email.trim().toLowerCase(),
        phone: phoneCheck.e164,
        password,
        role,
        intent,
        ...(needsBrokerage ? { brokerage_name: brokerage.trim() } : {}),
        accept_terms: true,
        terms_version: TERMS_OF_SERVICE_VERSION,
        captcha,
      },
    });
  };

  const show = (message: string | null) => (touched ? message : null);
  const pending = busy || checking;

  return (
    <StepFrame screen="Account details" intent={intent} title="Create your account" intro="We send a code to your phone and then to your email to confirm them. If this email or phone already has an account, we email its owner and you will see it once both codes are confirmed: then sign in instead." error={ctx.error}>
      {ctx.errorCount >= 3 && (
        <MessageBar intent="info">
          <MessageBarBody>
            Having trouble creating your account? <RouteLink to="/contact-us">Contact us</RouteLink> and we will help.
          </MessageBarBody>
        </MessageBar>
      )}
      {invitation.status === 'ready' && (
        <MessageBar intent="success">
          <MessageBarBody>
            {invitation.preview.provider_name} invited you as {invitation.preview.role}. Create your account with the invited email; you join {invitation.preview.provider_name} once your email is confirmed.
          </MessageBarBody>
        </MessageBar>
      )}
      {invitation.status === 'error' && (
        <MessageBar intent="warning">
          <MessageBarBody>{invitation.message} You can still create an account without it.</MessageBarBody>
        </MessageBar>
      )}
      <form className={s.form} onSubmit={(e) => void submit(e)} noValidate aria-label="Create your account">
        <div className={s.grid}>
          <Field label="Full name" required validationMessage={show(errors.fullName)}>
            <Input ref={nameRef} autoComplete="name" value={fullName} onChange={(_, d) => setFullName(d.value)} />
          </Field>
          <Field label="Email" required validationMessage={ctx.fieldErrors.email ?? show(errors.email)} hint={invited ? 'The invitation was sent to this email.' : undefined}>
            <Input type="email" autoComplete="email" value={email} readOnly={invited !== null} onChange={(_, d) => setEmail(d.value)} />
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
          <RadioGroup layout="horizontal" className={s.wrap} value={role} disabled={invitedRole !== null} onChange={(_, d) => setRole(SIGN_UP_ROLES.find((r) => r === d.value) ?? 'Customer')}>
            {SIGN_UP_ROLES.map((r) => (
              <Radio key={r} value={r} label={r} />
            ))}
          </RadioGroup>
        </Field>
        <ul className={s.words} aria-label="What each role means">
          {SIGN_UP_ROLES.map((r) => (
            <li key={r}>
              <Text weight="semibold">{r}:</Text> <Text>{ROLE_WORDS[r]}</Text>
            </li>
          ))}
        </ul>
        {needsBrokerage && (
          <Field label="Brokerage name" required validationMessage={show(errors.brokerage)} hint="It shows on the reports you order for clients.">
            <Input autoComplete="organization" value={brokerage} onChange={(_, d) => setBrokerage(d.value)} />
          </Field>
        )}
        <Field label="What would you like to do first?" hint={INTENT_WORDS[intent].asks}>
          <RadioGroup value={intent} onChange={(_, d) => setIntent(SIGN_UP_INTENTS.find((i) => i === d.value) ?? 'membership')}>
            {SIGN_UP_INTENTS.map((i) => (
              <Radio key={i} value={i} label={INTENT_WORDS[i].label} />
            ))}
          </RadioGroup>
        </Field>
        {invited && <ProviderProperties providerName={invited.provider_name} properties={invited.properties} checked={confirmed} onChange={setConfirmed} />}
        <Field validationMessage={show(errors.terms)} required>
          <Checkbox checked={terms} onChange={(_, d) => setTerms(d.checked === true)} label="I have read and agree to the Terms of Service" />
        </Field>
        <Text>
          Read the{' '}
          <Link href={TERMS_OF_SERVICE_PATH} target="_blank" rel="noopener">
            Terms of Service (opens in a new tab)
          </Link>
          .
        </Text>
        <FieldGroup label="Human check" error={checkError}>
          <HumanCheck ref={human} challenge={CHALLENGE_PATH} />
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
