import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import type { ServicesContent } from '@acpg/contracts/content-documents';
import { ScreenTitle } from '../../../components/ScreenHeading.tsx';
import { useDocument } from '../../../lib/content-documents.ts';
import { useServicePrices } from './use-service-prices.ts';
import { DocumentFrame, PageMeta } from '../../../components/ContentParts.tsx';
import { ServiceCard } from './ServiceCard.tsx';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  intro: { margin: 0, maxWidth: '46em', fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400, color: tokens.colorNeutralForeground2 },
  cards: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingHorizontalXL, gridTemplateColumns: 'minmax(0, 1fr)', '@media (min-width: 900px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

function Services({ services }: { services: ServicesContent }) {
  const s = useStyles();
  const prices = useServicePrices();
  return (
    <div className={s.page}>
      <PageMeta title={services.title} description={services.description} />
      <ScreenTitle id="page-title">{services.heading}</ScreenTitle>
      {services.intro && <Body1 as="p" className={s.intro}>{services.intro}</Body1>}
      <ul className={s.cards}>
        {services.items.map((item) => (
          <li key={item.id}>
            <ServiceCard item={item} prices={prices} detailed headingLevel="h2" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** `/services-page`: every service with its summary, what it includes, its price and where to buy it. */
export default function ServicesPage() {
  const services = useDocument('services');
  return <DocumentFrame view={services} title="Services">{(body) => <Services services={body} />}</DocumentFrame>;
}
