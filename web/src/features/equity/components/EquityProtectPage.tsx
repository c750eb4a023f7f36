import { Body1, Card, CardHeader, Subtitle1, Text, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular, DocumentSearchRegular, MailAlertRegular, ShieldCheckmarkRegular } from '@fluentui/react-icons';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { formatCents } from '../../../lib/money.ts';
import { usePricing } from '../api/equity.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, maxWidth: '1040px' },
  flush: { margin: 0 },
  intro: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '720px' },
  columns: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fit, minmax(min(320px, 100%), 1fr))', alignItems: 'start' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  features: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  feature: { display: 'grid', gridTemplateColumns: 'auto 1fr', gap: tokens.spacingHorizontalS, alignItems: 'start' },
  icon: { color: tokens.colorPaletteGreenForeground1, fontSize: '20px', marginTop: '2px' },
  price: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  steps: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fit, minmax(min(220px, 100%), 1fr))', listStyle: 'none', margin: 0, padding: 0 },
  step: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, height: '100%' },
  stepIcon: { fontSize: '28px', color: tokens.colorBrandForeground1 },
});

const HOW_IT_WORKS = [
  { icon: ShieldCheckmarkRegular, title: 'Protect your property', text: 'Find your home, confirm it is yours and start protecting it in a few minutes.' },
  { icon: DocumentSearchRegular, title: 'We watch the recorder', text: 'Every document recorded in your county is checked against your parcel number (APN), not your name, so a namesake never sets off an alarm.' },
  { icon: MailAlertRegular, title: 'You hear at once', text: 'An email and a text message the moment something is recorded on your property, and the alert waits for your answer in your account.' },
] as const;

/** /equity-protect (public): what Equity Protect does and costs (data a Super Admin sets), and how to start. */
export default function EquityProtectPage() {
  const s = useStyles();
  const pricing = usePricing();
  const p = pricing.data;
  return (
    <section className={s.root} aria-labelledby="equity-title">
      <div className={s.intro}>
        <Title1 as="h1" id="equity-title" className={s.flush} tabIndex={-1}>
          Equity Protect
        </Title1>
        <Body1>Title fraud is when someone records a forged deed or loan against your home. Equity Protect watches the county recorder for your property and tells you the moment anything is recorded on it.</Body1>
      </div>
      {pricing.status === 'error' ? (
        <ErrorState title="Equity Protect’s details could not be loaded" message={pricing.error ?? 'Try again.'} onRetry={pricing.reload} />
      ) : !p ? (
        <LoadingBlock label="Loading Equity Protect’s price" lines={4} />
      ) : (
        <div className={s.columns}>
          <Card className={s.card} aria-labelledby="equity-features-title">
            <CardHeader header={<Subtitle1 as="h2" id="equity-features-title">What it does</Subtitle1>} />
            <ul className={s.features}>
              {p.features.map((feature) => (
                <li key={feature} className={s.feature}>
                  <CheckmarkCircleRegular className={s.icon} aria-hidden />
                  <Text>{feature}</Text>
                </li>
              ))}
            </ul>
          </Card>
          <Card className={s.card} aria-labelledby="equity-price-title">
            <CardHeader header={<Subtitle1 as="h2" id="equity-price-title">What it costs</Subtitle1>} />
            {p.annual_price_cents === 0 ? (
              <Text className={s.price}>Free</Text>
            ) : (
              <Text className={s.price}>
                {formatCents(p.annual_price_cents)}
                <Text size={400}> / property / year</Text>
              </Text>
            )}
            {p.included_plan_names.length > 0 && (
              <Text>
                Included at no extra cost with the {p.included_plan_names.join(' or ')} membership{p.included_plan_names.length > 1 ? 's' : ''}.
              </Text>
            )}
            <Text size={200}>Protection runs for a year from the day it starts. You can stop it at any time from your account.</Text>
            <div className={s.actions}>
              <LinkButton to="/equity-protect-property-search" appearance="primary" size="large">
                Protect my property
              </LinkButton>
              {p.included_plan_names.length > 0 && <LinkButton to="/subscription-plan">See membership plans</LinkButton>}
            </div>
          </Card>
        </div>
      )}
      <div className={s.card}>
        <Subtitle1 as="h2" className={s.flush}>
          How it works
        </Subtitle1>
        <ol className={s.steps}>
          {HOW_IT_WORKS.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <Card className={s.step}>
                <Icon className={s.stepIcon} aria-hidden />
                <Text weight="semibold">{title}</Text>
                <Text>{text}</Text>
              </Card>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
