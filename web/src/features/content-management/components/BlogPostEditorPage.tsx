import { useLocation, useParams } from 'react-router';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { BlogContent, BlogPostSlug } from '@acpg/contracts/content-documents';
import { ScreenHeading } from '../../../components/ScreenHeading.tsx';
import { ErrorState } from '../../../components/PageState.tsx';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { EditorShell } from './EditorShell.tsx';
import { BlogForm, EMPTY_BLOG } from './PageForms.tsx';

/** One blog post's editor; a post nobody saved yet (New post) starts empty and is created by its first saved draft. */
export default function BlogPostEditorPage() {
  const { slug = '' } = useParams();
  const location = useLocation();
  const checked = BlogPostSlug.safeParse(slug);
  const back = (
    <div>
      <LinkButton to="/blog-management" appearance="subtle" icon={<ArrowLeftRegular />}>
        All posts
      </LinkButton>
    </div>
  );
  if (!checked.success) {
    return (
      <>
        <ScreenHeading id="blog-post-heading" title="Blog post" />
        {back}
        <ErrorState title="No such post" message={`“${slug}” is not a post's web address: ${checked.error.issues[0]?.message ?? ''}`} />
      </>
    );
  }
  const title = (location.state as { title?: unknown } | null)?.title;
  const empty = { ...EMPTY_BLOG, ...(typeof title === 'string' && title ? { heading: title, title: title.slice(0, 70) } : {}) };
  return <EditorShell key={slug} contentKey={`blog.${checked.data}`} title={`Blog post: ${checked.data}`} empty={empty} schema={BlogContent} form={(p) => <BlogForm {...p} />} before={back} />;
}
