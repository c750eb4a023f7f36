import { useParams } from 'react-router';
import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import type { BlogContent } from '@acpg/contracts/content-documents';
import { RouteLink } from '../../../components/RouteLink.tsx';
import { ScreenTitle } from '../../../components/ScreenHeading.tsx';
import { useDocument } from '../../../lib/content-documents.ts';
import { AuthorLine } from './AuthorLine.tsx';
import { ContentImage, DocumentFrame, PageMeta, RichHtml } from '../../../components/ContentParts.tsx';

const useStyles = makeStyles({
  article: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '760px', marginInline: 'auto', width: '100%' },
  back: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  excerpt: { margin: 0, fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500, color: tokens.colorNeutralForeground2 },
  image: { width: '100%', height: 'auto', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: tokens.borderRadiusLarge },
});

function Post({ post, date }: { post: BlogContent; date: string | null }) {
  const s = useStyles();
  return (
    <>
      <PageMeta title={post.title} description={post.description} />
      <ScreenTitle id="page-title">{post.heading}</ScreenTitle>
      <AuthorLine author={post.author} date={date} />
      <Body1 as="p" className={s.excerpt}>
        {post.excerpt}
      </Body1>
      {post.image_id && <ContentImage className={s.image} id={post.image_id} alt="" sizes="(min-width: 800px) 760px, 100vw" width={1280} height={720} priority />}
      <RichHtml html={post.body_html} />
    </>
  );
}

/** `/blogs/:slug`: one post (`blog.<slug>`), or its draft in preview. */
export default function BlogPostPage() {
  const s = useStyles();
  const { slug = '' } = useParams();
  const post = useDocument(`blog.${slug}`);
  return (
    <article className={s.article} aria-labelledby="page-title">
      <RouteLink className={s.back} to="/blogs">
        <ArrowLeftRegular aria-hidden /> All blog posts
      </RouteLink>
      <DocumentFrame view={post} title="Blog post">
        {(body) => <Post post={body} date={post.status === 'ready' ? post.firstPublishedAt : null} />}
      </DocumentFrame>
    </article>
  );
}
