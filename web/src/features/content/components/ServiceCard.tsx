import { Body1, Card, Subtitle1, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowRightRegular } from '@fluentui/react-icons';
import type { ServiceItem } from '@acpg/contracts/content-documents';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { useTrackClick } from '../../../lib/track.ts';
import { priceOf, SERVICE_PATHS, type PriceSources } from '../service-offers.ts';
import { ContentImage, RichHtml } from '../../../components/ContentParts.tsx';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalXL, height: '100%', boxSizing: 'border-box' },
  image: { width: '100%', height: 'auto', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium },
  name: { margin: 0 },
  summary: { margin: 0, color: tokens.colorNeutralForeground2 },
  price: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400, color: tokens.colorBrandForeground1 },
  body: { fontSize: tokens.fontSizeBase300 },
  foot: { marginTop: 'auto', paddingBlockStart: tokens.spacingVerticalS },
});

/** One service: its name, summary, price (read from what sells it), and the action that leads to where it is bought. */
export function ServiceCard({ item, prices, detailed = false, headingLevel = 'h3' }: { item: ServiceItem; prices: PriceSources; detailed?: boolean; headingLevel?: 'h2' | 'h3' }) {
  const s = useStyles();
  const track = useTrackClick();
  const price = priceOf(item.kind, prices);
  const titleId = `service-${item.id}`;
  return (
    <Card className={s.card} aria-labelledby={titleId} data-service={item.kind}>
      {detailed && item.image_id && <ContentImage className={s.image} id={item.image_id} alt="" sizes="(min-width: 900px) 560px, 100vw" width={1280} height={720} />}
      <Subtitle1 as={headingLevel} id={titleId} className={s.name}>
        {item.name}
      </Subtitle1>
      <Body1 as="p" className={s.summary}>
        {item.summary}
      </Body1>
      {/* Kept in place while the prices load, so the card does not jump. */}
      <Text className={s.price}>{price ?? '\u00a0'}</Text>
      {detailed && item.body_html && <RichHtml className={s.body} html={item.body_html} />}
      <div className={s.foot}>
        <LinkButton to={SERVICE_PATHS[item.kind]} appearance="primary" icon={<ArrowRightRegular />} iconPosition="after" onClick={() => track(`Service: ${item.cta_label}`)}>
          {item.cta_label}
        </LinkButton>
      </div>
    </Card>
  );
}
