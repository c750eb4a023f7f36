import type { ReactNode } from 'react';
import { Card, MessageBar, MessageBarBody, ProgressBar, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';

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
});

/** The screens of the wizard, in DECISIONS.md's order, as the user sees them counted. */
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

/** One wizard screen: where the user is (step n of 9), the screen's one h1, an intro, its error, its form. */
export function StepFrame({ screen, title, intro, error, children }: { screen: ScreenTitle; title: string; intro?: ReactNode; error?: string | null; children: ReactNode }) {
  const s = useStyles();
  const n = SCREEN_TITLES.indexOf(screen) + 1;
  return (
    <div className={s.page}>
      <Card className={s.card}>
        <div className={s.head}>
          <Text size={200}>
            Step {n} of {SCREEN_TITLES.length}: {screen}
          </Text>
          <ProgressBar value={n / SCREEN_TITLES.length} thickness="medium" aria-label={`Sign-up progress, step ${n} of ${SCREEN_TITLES.length}`} />
        </div>
        <Title2 as="h1" className={s.flush}>
          {title}
        </Title2>
        {intro && <Text as="p" className={s.flush}>{intro}</Text>}
        {error && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{error}</MessageBarBody>
          </MessageBar>
        )}
        {children}
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
});
