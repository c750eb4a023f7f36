import { Accordion, AccordionHeader, AccordionItem, AccordionPanel, Body1, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { EmptyState, ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { useFaq } from '../api/content.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '880px' },
  answer: { whiteSpace: 'pre-line', margin: 0, paddingBlockEnd: tokens.spacingVerticalM },
  flush: { margin: 0 },
});

export default function FaqPage() {
  const s = useStyles();
  const faq = useFaq();
  return (
    <section className={s.root} aria-labelledby="faq-title">
      <Title1 as="h1" id="faq-title" className={s.flush}>
        Frequently asked questions
      </Title1>
      {faq.status === 'loading' && <LoadingBlock label="Loading questions" />}
      {faq.status === 'error' && <ErrorState title="The questions could not be loaded" message={faq.error} onRetry={faq.reload} />}
      {faq.status === 'ready' && faq.data.items.length === 0 && <EmptyState>No questions have been published yet.</EmptyState>}
      {faq.status === 'ready' && faq.data.items.length > 0 && (
        <Accordion collapsible multiple>
          {[...faq.data.items]
            .sort((a, b) => a.position - b.position)
            .map((item) => (
              <AccordionItem key={item.id} value={item.id}>
                <AccordionHeader as="h2" className={s.flush}>{item.question}</AccordionHeader>
                <AccordionPanel>
                  <Body1 as="p" className={s.answer}>
                    {item.answer}
                  </Body1>
                </AccordionPanel>
              </AccordionItem>
            ))}
        </Accordion>
      )}
    </section>
  );
}
