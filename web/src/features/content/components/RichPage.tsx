import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import type { ContentKey, RichPageContent } from '@acpg/contracts/content-documents';
import { ScreenTitle } from '../../../components/ScreenHeading.tsx';
import { useDocument } from '../../../lib/content-documents.ts';
import { ContentImage, DocumentFrame, PageMeta, RichHtml } from '../../../components/ContentParts.tsx';

const useStyles = makeStyles({
  article: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '760px', marginInline: 'auto', width: '100%' },
  intro: { margin: 0, fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500, color: tokens.colorNeutralForeground2 },
  image: { width: '100%', height: 'auto', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: tokens.borderRadiusLarge },
});

function Page({ page }: { page: RichPageContent }) {
  const s = useStyles();
  return (
    <article className={s.article} aria-labelledby="page-title">
      <PageMeta title={page.title} description={page.description} />
      <ScreenTitle id="page-title">{page.heading}</ScreenTitle>
      {page.intro && <Body1 as="p" className={s.intro}>{page.intro}</Body1>}
      {page.image_id && <ContentImage className={s.image} id={page.image_id} alt="" sizes="(min-width: 800px) 760px, 100vw" width={1280} height={720} priority />}
      <RichHtml html={page.body_html} />
    </article>
  );
}

type RichKey = Extract<ContentKey, 'about-us' | 'privacy-policy' | 'terms-of-service' | 'additional-information'>;

/** About us and the legal pages: a heading, an intro, an image and the body. */
export function RichPage({ docKey, fallbackTitle }: { docKey: RichKey; fallbackTitle: string }) {
  const view = useDocument(docKey);
  return <DocumentFrame view={view} title={fallbackTitle}>{(body) => <Page page={body} />}</DocumentFrame>;
}
