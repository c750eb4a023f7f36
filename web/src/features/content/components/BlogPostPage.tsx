import { Link as RouterLink, useParams } from 'react-router';
import { Body1, Caption1, Subtitle1, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { formatDateUs } from '../../../lib/dates.ts';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { useBlogPost } from '../api/content.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '760px' },
  flush: { margin: 0 },
  meta: { color: tokens.colorNeutralForeground2 },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  paragraph: { margin: 0, fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400 },
  heading: { margin: 0, paddingBlockStart: tokens.spacingVerticalM },
  back: { color: tokens.colorBrandForeground1 },
});

/** The post body is plain text: blocks split by blank lines; a block starting with "## " is a section heading. */
function PostBody({ text }: { text: string }) {
  const s = useStyles();
  const blocks = text.split(/\n{2,}/).map((b) => b.trim()).filter(Boolean);
  return (
    <div className={s.body}>
      {blocks.map((block, i) =>
        block.startsWith('## ') ? (
          <Subtitle1 as="h2" key={i} className={s.heading}>
            {block.slice(3)}
          </Subtitle1>
        ) : (
          <Body1 as="p" key={i} className={s.paragraph}>
            {block}
          </Body1>
        ),
      )}
    </div>
  );
}

export default function BlogPostPage() {
  const s = useStyles();
  const { slug = '' } = useParams();
  const post = useBlogPost(slug);
  return (
    <article className={s.root} aria-labelledby="post-title">
      <RouterLink className={s.back} to="/blogs">
        ← All blog posts
      </RouterLink>
      {post.status === 'loading' && <LoadingBlock label="Loading the blog post" />}
      {post.status === 'error' && (
        <>
          <Title1 as="h1" id="post-title" className={s.flush}>
            Blog post
          </Title1>
          <ErrorState title="This blog post could not be loaded" message={post.error} onRetry={post.reload} />
        </>
      )}
      {post.status === 'ready' && (
        <>
          <Title1 as="h1" id="post-title" className={s.flush}>
            {post.data.title}
          </Title1>
          <Caption1 className={s.meta}>{`${post.data.author} · ${formatDateUs(post.data.published_at)}`}</Caption1>
          <PostBody text={post.data.body} />
        </>
      )}
    </article>
  );
}
