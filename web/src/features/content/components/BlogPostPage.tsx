import { Link as RouterLink, useParams } from 'react-router';
import { Body1, Caption1, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { useResource } from '../../../lib/use-resource.ts';
import { formatDateUs } from '../../../lib/dates.ts';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { fetchBlog } from '../api/content.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '880px' },
  body: { whiteSpace: 'pre-line' },
  back: { color: tokens.colorBrandForeground1 },
});

export default function BlogPostPage() {
  const s = useStyles();
  const { slug = '' } = useParams();
  const post = useResource((signal) => fetchBlog(slug, signal), [slug]);
  return (
    <article className={s.root} aria-labelledby="post-title">
      <RouterLink className={s.back} to="/blogs">
        ← All blog posts
      </RouterLink>
      {post.status === 'loading' && <LoadingBlock label="Loading the blog post" />}
      {post.status === 'error' && (
        <>
          <Title1 as="h1" id="post-title">
            Blog post
          </Title1>
          <ErrorState title="This blog post could not be loaded" message={post.error} onRetry={post.reload} />
        </>
      )}
      {post.status === 'ready' && (
        <>
          <Title1 as="h1" id="post-title">
            {post.data.title}
          </Title1>
          <Caption1>{`${post.data.author} · ${formatDateUs(post.data.published_at)}`}</Caption1>
          <Body1 as="p" className={s.body}>
            {post.data.body}
          </Body1>
        </>
      )}
    </article>
  );
}
