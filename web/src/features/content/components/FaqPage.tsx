import { Accordion, AccordionHeader, AccordionItem, AccordionPanel, makeStyles, tokens } from '@fluentui/react-components';
import type { FaqContent } from '@acpg/contracts/content-documents';
import { EmptyState } from '../../../components/PageState.tsx';
import { RouteLink } from '../../../components/RouteLink.tsx';
import { ScreenTitle } from '../../../components/ScreenHeading.tsx';
import { useDocument } from '../../../lib/content-documents.ts';
import { DocumentFrame, PageMeta, RichHtml } from '../../../components/ContentParts.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '880px', marginInline: 'auto', width: '100%' },
  list: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusXLarge, border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, overflow: 'hidden' },
  item: { borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, ':last-child': { borderBottom: 'none' } },
  header: { margin: 0, '& .fui-AccordionHeader__button': { minHeight: '56px', fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold } },
  answer: { paddingBlockEnd: tokens.spacingVerticalL, paddingInline: tokens.spacingHorizontalXXL },
  more: { color: tokens.colorNeutralForeground2 },
});

function Faq({ faq }: { faq: FaqContent }) {
  const s = useStyles();
  return (
    <section className={s.root} aria-labelledby="page-title">
      <PageMeta title={faq.title} description={faq.description} />
      <ScreenTitle id="page-title">{faq.heading}</ScreenTitle>
      {faq.items.length === 0 ? (
        <EmptyState>No questions have been published yet.</EmptyState>
      ) : (
        <Accordion collapsible multiple className={s.list}>
          {faq.items.map((item) => (
            <AccordionItem key={item.id} value={item.id} className={s.item}>
              <AccordionHeader as="h2" className={s.header} expandIconPosition="end">
                {item.question}
              </AccordionHeader>
              <AccordionPanel>
                <RichHtml className={s.answer} html={item.answer_html} />
              </AccordionPanel>
            </AccordionItem>
          ))}
        </Accordion>
      )}
      <p className={s.more}>
        Did not find your answer? <RouteLink to="/contact-us">Write to us</RouteLink>.
      </p>
    </section>
  );
}

/** `/faq`: the questions in the order set, each answer opened in place. */
export default function FaqPage() {
  const faq = useDocument('faq');
  return <DocumentFrame view={faq} title="Frequently asked questions">{(body) => <Faq faq={body} />}</DocumentFrame>;
}
