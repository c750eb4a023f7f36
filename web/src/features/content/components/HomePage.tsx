import { Body1, Subtitle1, Text, Title2, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowRightRegular, CheckmarkCircleRegular } from '@fluentui/react-icons';
import type { HomeContent, ServicesContent } from '@acpg/contracts/content-documents';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { useTrackClick } from '../../../lib/track.ts';
import { useDocument, usePublished } from '../../../lib/content-documents.ts';
import { useServicePrices } from './use-service-prices.ts';
import { ContentImage, DocumentFrame, PageMeta, RichHtml } from '../../../components/ContentParts.tsx';
import { ServiceCard } from './ServiceCard.tsx';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '56px' },
  hero: {
    display: 'grid',
    padding: 'clamp(24px, 5vw, 64px)',
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorBrandBackground2,
    backgroundImage: `linear-gradient(135deg, ${tokens.colorBrandBackground2} 0%, ${tokens.colorNeutralBackground1} 100%)`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorBrandStroke2}`,
    gap: tokens.spacingHorizontalXXXL,
    alignItems: 'center',
    gridTemplateColumns: '1fr',
    '@media (min-width: 900px)': { gridTemplateColumns: 'minmax(0, 1.1fr) minmax(0, 1fr)' },
  },
  heroText: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, alignItems: 'flex-start' },
  /** Without an image the text takes the band, at a readable measure. */
  heroAlone: { gridTemplateColumns: '1fr', '@media (min-width: 900px)': { gridTemplateColumns: 'minmax(0, 860px)' } },
  h1: {
    margin: 0,
    fontSize: 'clamp(32px, 5vw, 52px)',
    lineHeight: 1.1,
    fontWeight: tokens.fontWeightBold,
    letterSpacing: '-0.01em',
    color: tokens.colorNeutralForeground1,
    ':focus': { outline: 'none' },
  },
  sub: { margin: 0, fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500, color: tokens.colorNeutralForeground2, maxWidth: '36em' },
  heroImage: { width: '100%', height: 'auto', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: tokens.borderRadiusXLarge, boxShadow: tokens.shadow16 },
  trust: {
    listStyle: 'none',
    margin: 0,
    padding: tokens.spacingHorizontalXL,
    display: 'grid',
    gap: tokens.spacingHorizontalXL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  signal: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-start' },
  signalIcon: { color: tokens.colorPaletteGreenForeground1, fontSize: '24px', flexShrink: 0 },
  signalText: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  muted: { margin: 0, color: tokens.colorNeutralForeground2 },
  band: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  h2: { margin: 0 },
  cards: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingHorizontalL },
  /** Rows that never leave one card alone: one column on phones, two from 600 px, four or three from 1200 px. */
  columns: { gridTemplateColumns: 'minmax(0, 1fr)', '@media (min-width: 600px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
  wide4: { '@media (min-width: 1200px)': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
  wide3: { '@media (min-width: 1200px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
  sections: { display: 'grid', gap: tokens.spacingHorizontalXXL, gridTemplateColumns: 'repeat(auto-fit, minmax(min(340px, 100%), 1fr))' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/** From 1200 px: four across when the items fill rows of four, else three (two items stay two across). */
const wideOf = (s: { wide4: string; wide3: string }, count: number) => (count <= 2 ? undefined : count % 4 === 0 ? s.wide4 : s.wide3);

function Services({ services }: { services: ServicesContent }) {
  const s = useStyles();
  const prices = useServicePrices();
  return (
    <section className={s.band} aria-labelledby="home-services">
      <Title2 as="h2" id="home-services" className={s.h2}>
        {services.heading}
      </Title2>
      {services.intro && <Body1 as="p" className={s.muted}>{services.intro}</Body1>}
      <ul className={mergeClasses(s.cards, s.columns, wideOf(s, services.items.length))}>
        {services.items.map((item) => (
          <li key={item.id}>
            <ServiceCard item={item} prices={prices} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Home({ home }: { home: HomeContent }) {
  const s = useStyles();
  const track = useTrackClick();
  // The service cards come from the services document (published; a preview of the home page shows the live services).
  const services = usePublished('services');
  return (
    <div className={s.page}>
      <PageMeta title={home.title} description={home.description} />
      <section className={mergeClasses(s.hero, !home.hero.image_id && s.heroAlone)} aria-labelledby="page-title">
        <div className={s.heroText}>
          {/* The page's only h1 and its first large text: the largest paint comes with the HTML, not after a script. */}
          <h1 id="page-title" tabIndex={-1} className={s.h1}>
            {home.hero.heading}
          </h1>
          {home.hero.subheading && <p className={s.sub}>{home.hero.subheading}</p>}
          <LinkButton to={home.hero.cta_path} appearance="primary" size="large" icon={<ArrowRightRegular />} iconPosition="after" onClick={() => track(`Hero: ${home.hero.cta_label}`)}>
            {home.hero.cta_label}
          </LinkButton>
        </div>
        {home.hero.image_id && <ContentImage className={s.heroImage} id={home.hero.image_id} alt="" sizes="(min-width: 1200px) 560px, (min-width: 900px) 45vw, 100vw" width={1200} height={900} priority />}
      </section>

      {home.trust.length > 0 && (
        <ul className={mergeClasses(s.trust, s.columns, wideOf(s, home.trust.length))} aria-label="Why members trust us">
          {home.trust.map((t) => (
            <li key={t.label} className={s.signal}>
              <CheckmarkCircleRegular className={s.signalIcon} aria-hidden />
              <span className={s.signalText}>
                <Text weight="semibold">{t.label}</Text>
                {t.detail && <Text size={200} className={s.muted}>{t.detail}</Text>}
              </span>
            </li>
          ))}
        </ul>
      )}

      {services.status === 'ready' && <Services services={services.data.body} />}

      {home.sections.length > 0 && (
        <div className={s.sections}>
          {home.sections.map((section) => (
            <section key={section.heading} className={s.section}>
              <Subtitle1 as="h2" className={s.h2}>
                {section.heading}
              </Subtitle1>
              <RichHtml html={section.body_html} />
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

/** `/`: the hero with one call to action, trust signals, a card per service with its price and action, the sections. */
export default function HomePage() {
  const home = useDocument('home');
  return (
    <DocumentFrame view={home} title="Home">
      {(body) => <Home home={body} />}
    </DocumentFrame>
  );
}
