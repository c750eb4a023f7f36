import { useEffect, useState, type ComponentType } from 'react';
import { useSnapshot } from 'valtio';
import { Body1, Button, Card, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Subtitle2, Text, Title1, makeStyles, tokens } from '@fluentui/react-components';
import type { EnrolmentView } from '@acpg/contracts/equity';
import type { PropertySummary } from '@acpg/contracts/properties';
import type { SignedInStep } from '@acpg/contracts/sign-up-steps';
import { missingStepsOf } from '../../../lib/steps-missing.ts';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { RouteLink } from '../../../components/RouteLink.tsx';
import { HttpError } from '../../../lib/http.ts';
import { formatCents } from '../../../lib/money.ts';
import { formatDateUs } from '../../../lib/dates.ts';
import { signInPathFor, signUpPathFor } from '../../../lib/return-path.ts';
import { session } from '../../../lib/session.ts';
import { waitForOutcome } from '../../../lib/wait-for-outcome.ts';
import { enrol, fetchEnrolment, usePricing } from '../api/equity.ts';

/** What the app hands in (features do not import each other): the property search, its verification, the card form. */
export interface ProtectPropertyParts {
  AddressAutocomplete: ComponentType<{ label: string; value: PropertySummary | null; onSelect: (p: PropertySummary) => void; onClear?: () => void }>;
  PropertyVerificationForm: ComponentType<{ propertyId: string; onVerified: (p: PropertySummary) => void }>;
  PaymentForm: ComponentType<{ equityEnrolment: { orderId: string; label: string; amountCents: number; priceLabel?: string }; onPaid: () => void }>;
  /**
   * The sign-up steps Equity Protect needs first, when the server refused the enrollment for them (409
   * SIGN_UP_STEPS_MISSING): it sends the member to exactly those steps and back to `returnTo`.
   */
  StepsToFinish: ComponentType<{ missing: readonly SignedInStep[]; returnTo: string; onNothingLeft: () => void }>;
  /** The signed-in member's verified properties as quick picks (nothing for a visitor). */
  PropertyPicks?: ComponentType<{ selectedId: string | null; onPick: (p: PropertySummary) => void }>;
}

const PATH = '/equity-protect-property-search';
/** The chosen property survives a sign-in or sign-up on the way (this tab only). */
const KEPT = 'acpg.equity-protect.property';

/** Opens the flow on this property (e.g. to finish paying for it from the list). */
export const keepPropertyForFlow = (p: PropertySummary) => sessionStorage.setItem(KEPT, JSON.stringify(p));

/** After paying: ask for the enrolment at once, then every second, for up to 30 s. */
const OUTCOME_WAIT = { everyMs: 1000, forMs: 30_000, readFirst: true };

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '720px', minWidth: 0 },
  flush: { margin: 0 },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  details: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, margin: 0 },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

type Step = { kind: 'choose' } | { kind: 'verify' } | { kind: 'steps'; missing: SignedInStep[] } | { kind: 'pay'; enrolment: EnrolmentView } | { kind: 'starting'; enrolment: EnrolmentView } | { kind: 'done'; enrolment: EnrolmentView };

/** The property kept for this visit (dropped once the page has it: a later visit starts with an empty search). */
const kept = (): PropertySummary | null => {
  try {
    return JSON.parse(sessionStorage.getItem(KEPT) ?? 'null') as PropertySummary | null;
  } catch {
    return null;
  }
};

/**
 * /equity-protect-property-search: find a property, then protect it: sign in (or up) on the way, verify it when it is
 * not yet verified on the account, pay when the plan does not include it, and see it protected.
 */
export function ProtectPropertyFlow({ AddressAutocomplete, PropertyVerificationForm, PaymentForm, StepsToFinish, PropertyPicks }: ProtectPropertyParts) {
  const s = useStyles();
  const snap = useSnapshot(session);
  const pricing = usePricing();
  const [property, setPropertyState] = useState<PropertySummary | null>(kept);
  useEffect(() => sessionStorage.removeItem(KEPT), []);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const setProperty = (p: PropertySummary | null) => {
    setPropertyState(p);
    setStep({ kind: 'choose' });
    setError(null);
  };

  /** Enrols the property; right after a verification, the account's verified list may lag a moment: asks again briefly. */
  const protect = async (p: PropertySummary, justVerified = false) => {
    setBusy(true);
    setError(null);
    for (let attempt = 0; ; attempt += 1) {
      try {
        const { data } = await enrol(p.id);
        setStep(data.status === 'active' ? { kind: 'done', enrolment: data } : { kind: 'pay', enrolment: data });
        break;
      } catch (e) {
        const code = e instanceof HttpError ? (e.body as { code?: string } | null)?.code : undefined;
        if (code === 'PROPERTY_NOT_VERIFIED' && justVerified && attempt < 10) {
          await new Promise((resolve) => setTimeout(resolve, 500));
          continue;
        }
        const missing = missingStepsOf(e);
        if (missing) {
          // Back from the sign-up steps, the flow opens on this same property.
          keepPropertyForFlow(p);
          setStep({ kind: 'steps', missing });
        } else if (code === 'PROPERTY_NOT_VERIFIED') setStep({ kind: 'verify' });
        else setError(e instanceof Error ? e.message : 'This property could not be protected. Try again.');
        break;
      }
    }
    setBusy(false);
  };

  // After paying, the payment's outcome reaches the enrolment through a job: wait (briefly) until it is active.
  useEffect(() => {
    if (step.kind !== 'starting') return;
    const controller = new AbortController();
    const { enrolment } = step;
    waitForOutcome((signal) => fetchEnrolment(enrolment.enrollment_id, signal), (r) => r.success && r.data.status === 'active', OUTCOME_WAIT, controller.signal)
      .then((r) => setStep({ kind: 'done', enrolment: r?.success && r.data.status === 'active' ? r.data : enrolment }))
      .catch(() => undefined); // the flow was left
    return () => controller.abort();
  }, [step]);

  const price = pricing.data?.annual_price_cents;
  const address = property ? `${property.address_line}, ${property.city}` : '';
  return (
    <section className={s.root} aria-labelledby="protect-title">
      <Title1 as="h1" id="protect-title" className={s.flush} tabIndex={-1}>
        Protect your property
      </Title1>
      <Body1>
        Find your home by address or parcel number (APN). We watch the county recorder for it and tell you the moment a document is recorded on it
        {price !== undefined && price > 0 ? ` (${formatCents(price)} a year, or included with some memberships)` : ''}.
      </Body1>
      {step.kind !== 'done' && PropertyPicks && <PropertyPicks selectedId={property?.id ?? null} onPick={setProperty} />}
      {step.kind !== 'done' && <AddressAutocomplete label="Property address or APN" value={property} onSelect={setProperty} onClear={() => setProperty(null)} />}
      {property && (
        <Card className={s.card} aria-labelledby="protect-property-title">
          <Subtitle2 as="h2" id="protect-property-title" className={s.flush}>
            {property.address_line}
          </Subtitle2>
          <dl className={s.details}>
            <dt className={s.term}>City</dt>
            <dd className={s.value}>
              {property.city}, {property.state} {property.zip}
            </dd>
            <dt className={s.term}>County</dt>
            <dd className={s.value}>{property.county}</dd>
            <dt className={s.term}>APN</dt>
            <dd className={s.value}>{property.apn}</dd>
          </dl>
          {error && (
            <MessageBar intent="error">
              <MessageBarBody>{error}</MessageBarBody>
            </MessageBar>
          )}
          {snap.restoring ? (
            <Spinner size="tiny" label="Checking your sign-in…" />
          ) : !snap.accessToken ? (
            <div className={s.actions}>
              <LinkButton to={signInPathFor(PATH)} appearance="primary" onClick={() => keepPropertyForFlow(property)}>
                Sign in to protect this property
              </LinkButton>
              <LinkButton to={signUpPathFor(PATH)} onClick={() => keepPropertyForFlow(property)}>
                Create an account
              </LinkButton>
            </div>
          ) : step.kind === 'choose' ? (
            <div>
              <Button appearance="primary" disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined} onClick={() => void protect(property)}>
                {busy ? 'Protecting…' : 'Protect this property'}
              </Button>
            </div>
          ) : step.kind === 'steps' ? (
            <StepsToFinish missing={step.missing} returnTo={PATH} onNothingLeft={() => void protect(property)} />
          ) : step.kind === 'verify' ? (
            <>
              <Subtitle2 as="h3" className={s.flush}>
                First, confirm that this property is yours
              </Subtitle2>
              {busy ? <Spinner size="small" label="Verified. Protecting your property…" /> : <PropertyVerificationForm key={property.id} propertyId={property.id} onVerified={(p) => void protect(p, true)} />}
            </>
          ) : step.kind === 'pay' ? (
            <>
              <Subtitle2 as="h3" className={s.flush}>
                Pay for a year of protection
              </Subtitle2>
              {step.enrolment.message && (
                <MessageBar intent="warning">
                  <MessageBarBody>The last payment did not go through: {step.enrolment.message}</MessageBarBody>
                </MessageBar>
              )}
              <PaymentForm
                equityEnrolment={{ orderId: step.enrolment.enrollment_id, label: `Equity Protect for ${address}`, amountCents: step.enrolment.price_cents, priceLabel: 'Yearly price' }}
                onPaid={() => setStep({ kind: 'starting', enrolment: step.enrolment })}
              />
            </>
          ) : step.kind === 'starting' ? (
            <Spinner size="small" label="Payment received. Starting your protection…" />
          ) : (
            <>
              <MessageBar intent="success">
                <MessageBarBody>
                  <MessageBarTitle>{step.enrolment.status === 'active' ? 'Your property is protected' : 'Payment received'}</MessageBarTitle>
                  {step.enrolment.status === 'active'
                    ? `${address} is protected${step.enrolment.protected_until ? ` until ${formatDateUs(step.enrolment.protected_until)}` : ''}${step.enrolment.included && step.enrolment.plan_name ? `, included with your ${step.enrolment.plan_name} membership` : ''}. We will email and text you when anything is recorded on it.`
                    : 'Your protection starts in a moment; its status is on your Equity Protect page.'}
                </MessageBarBody>
              </MessageBar>
              <div className={s.actions}>
                <LinkButton to="/equity-protect-list" appearance="primary">
                  Go to Equity Protect
                </LinkButton>
                <Button onClick={() => setProperty(null)}>Protect another property</Button>
              </div>
            </>
          )}
        </Card>
      )}
      {!property && snap.accessToken && (
        <Text size={200}>
          Already protecting a property? Its alerts are on your <RouteLink to="/equity-protect-list">Equity Protect page</RouteLink>.
        </Text>
      )}
    </section>
  );
}
