import { MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import type { PaymentsConfig } from '@acpg/contracts/payments';
import { usePublicResource } from '../../../lib/public-resource.ts';

const useStyles = makeStyles({
  // In the page's flow (never fixed or sticky), so it pushes the page down and covers nothing, down to 375 px.
  region: { boxSizing: 'border-box', width: '100%', padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}` },
  bar: { width: '100%', boxSizing: 'border-box' },
});

export const TEST_PAYMENTS_TEXT = 'Test payments: no real card is charged';

/**
 * While the server takes cards on the embedded test gateway (`GET /payments/config` answers `gateway: 'test'`), every
 * page says so: a test card buys everything there, and nobody should mistake it for a live shop.
 */
export function TestPaymentsBanner() {
  const s = useStyles();
  // A public read: a server-rendered page arrives with the banner, so it never pushes the page down afterwards.
  const config = usePublicResource<PaymentsConfig>('/payments/config');
  if (config.data?.gateway !== 'test') return null;
  return (
    <section aria-label="Test payments" className={s.region}>
      <MessageBar intent="warning" layout="multiline" className={s.bar}>
        <MessageBarBody>
          <MessageBarTitle>{TEST_PAYMENTS_TEXT}</MessageBarTitle>
          Pay with a test card such as 4242 4242 4242 4242; nothing is bought for real.
        </MessageBarBody>
      </MessageBar>
    </section>
  );
}
