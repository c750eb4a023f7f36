import { z } from 'zod';
import { withoutHiddenCharacters } from './http.ts';

/**
 * Content documents: every piece of the public site a Super Admin manages (a page, the services, the FAQ, the contact
 * details, the site's logo, a blog post) is one document, kept as a draft and a published version. Each is edited as
 * a draft, previewed exactly as the public will see it, published, unpublished, and restored from any earlier
 * published version; every change records who made it and when. The server sanitizes every `*_html` field when a
 * draft is saved, so what is stored and served never holds a script.
 */

const line = (max: number, empty = 'Enter a value') => withoutHiddenCharacters(z.string().trim().min(1, empty).max(max));
const optionalLine = (max: number) => withoutHiddenCharacters(z.string().trim().max(max));
/** Sanitized HTML from the rich text editor (paragraphs, headings h2-h4, lists, links, bold, italic, quotes, images). */
export const RichText = z.string().max(100_000, 'Keep the text under 100,000 characters');
/** An uploaded image (POST /cms/images): served at /api/v1/cms/images/:image_id/:width.webp in DECISIONS.md widths. */
export const ImageId = z.string().regex(/^img_[A-Za-z0-9_-]{8,64}$/, 'Choose an uploaded image');
/** An in-app path a call to action leads to ("/subscription-plan"); never another site. */
export const AppPath = z
  .string()
  .trim()
  .max(200)
  .regex(/^\/(?!\/)[A-Za-z0-9\-._~/?=&%]*$/, 'Enter a path in this site that starts with /, such as /subscription-plan');

/** Title and description of the page for the browser tab and search engines. */
const PageMeta = {
  title: line(70, 'Enter the page title'),
  description: line(170, 'Enter a description for search engines'),
};

export const HomeHero = z.object({
  heading: line(120, 'Enter the headline'),
  subheading: optionalLine(300),
  cta_label: line(40, 'Enter the button text'),
  cta_path: AppPath,
  image_id: ImageId.nullable(),
});
/** A short proof point under the hero ("Licensed in California", "4.8 out of 5 from 2,000 members"). */
export const TrustSignal = z.object({ label: line(60), detail: optionalLine(200) });
export const HomeSection = z.object({ heading: line(120), body_html: RichText });

export const HomeContent = z.object({
  ...PageMeta,
  hero: HomeHero,
  trust: z.array(TrustSignal).max(6),
  sections: z.array(HomeSection).max(12),
});
export type HomeContent = z.infer<typeof HomeContent>;

/** About us, privacy policy, terms of service, additional information. */
export const RichPageContent = z.object({
  ...PageMeta,
  heading: line(120, 'Enter the heading'),
  intro: optionalLine(600),
  body_html: RichText,
  image_id: ImageId.nullable(),
});
export type RichPageContent = z.infer<typeof RichPageContent>;

/** What a service card sells; its price is read from the plans and report types, never typed here. */
export const SERVICE_KINDS = ['membership', 'equity-protect', 'nhd-report', 'reimbursement'] as const;
export const ServiceKind = z.enum(SERVICE_KINDS);
export type ServiceKind = z.infer<typeof ServiceKind>;

export const ServiceItem = z.object({
  /** Stable id of the card within the document (kept across reorders). */
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  kind: ServiceKind,
  name: line(80, 'Enter the service name'),
  summary: line(300, 'Enter a one-line summary'),
  body_html: RichText,
  cta_label: line(40, 'Enter the button text'),
  image_id: ImageId.nullable(),
});
export type ServiceItem = z.infer<typeof ServiceItem>;
/** The services page and the home page's service cards, in this order. */
export const ServicesContent = z.object({
  ...PageMeta,
  heading: line(120, 'Enter the heading'),
  intro: optionalLine(600),
  items: z.array(ServiceItem).min(1, 'Keep at least one service').max(12),
});
export type ServicesContent = z.infer<typeof ServicesContent>;

export const FaqEntry = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  question: line(300, 'Enter the question'),
  answer_html: RichText.min(1, 'Enter the answer'),
});
export type FaqEntry = z.infer<typeof FaqEntry>;
/** The FAQ, in this order. */
export const FaqContent = z.object({ ...PageMeta, heading: line(120), items: z.array(FaqEntry).max(200) });
export type FaqContent = z.infer<typeof FaqContent>;

/** Shown on /contact-us and in every footer. */
export const ContactContent = z.object({
  ...PageMeta,
  heading: line(120),
  intro: optionalLine(600),
  phone: line(30, 'Enter the phone number'),
  email: z.email('Enter an email address'),
  address: line(300, 'Enter the address'),
  hours: line(200, 'Enter the opening hours'),
});
export type ContactContent = z.infer<typeof ContactContent>;

/** The site's name and logo (the bundled 290x60 logo when none was uploaded). */
export const SiteContent = z.object({
  company_name: line(80, 'Enter the company name'),
  logo_image_id: ImageId.nullable(),
  footer_note: optionalLine(300),
});
export type SiteContent = z.infer<typeof SiteContent>;

export const BlogContent = z.object({
  ...PageMeta,
  heading: line(200, 'Enter the title'),
  excerpt: line(500, 'Enter an excerpt'),
  body_html: RichText.min(1, 'Enter the post'),
  author: line(120, 'Enter the author'),
  image_id: ImageId.nullable(),
});
export type BlogContent = z.infer<typeof BlogContent>;

/** URL-safe blog slug: lower-case words joined by single hyphens. */
export const BlogPostSlug = z
  .string()
  .trim()
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens');

/** The fixed documents; blog posts are `blog.<slug>`. */
export const FIXED_CONTENT_KEYS = ['home', 'about-us', 'services', 'faq', 'contact', 'site', 'privacy-policy', 'terms-of-service', 'additional-information'] as const;
export type FixedContentKey = (typeof FIXED_CONTENT_KEYS)[number];
export type ContentKey = FixedContentKey | `blog.${string}`;
export const ContentKey = z.union([z.enum(FIXED_CONTENT_KEYS), z.templateLiteral(['blog.', BlogPostSlug])]) as z.ZodType<ContentKey>;

/** The schema of each document's body, by key. */
export const contentSchemaOf = (key: ContentKey) => {
  if (key.startsWith('blog.')) return BlogContent;
  switch (key as FixedContentKey) {
    case 'home':
      return HomeContent;
    case 'services':
      return ServicesContent;
    case 'faq':
      return FaqContent;
    case 'contact':
      return ContactContent;
    case 'site':
      return SiteContent;
    default:
      return RichPageContent;
  }
};

export interface ContentBodies {
  home: HomeContent;
  'about-us': RichPageContent;
  services: ServicesContent;
  faq: FaqContent;
  contact: ContactContent;
  site: SiteContent;
  'privacy-policy': RichPageContent;
  'terms-of-service': RichPageContent;
  'additional-information': RichPageContent;
}
export type ContentBody<K extends ContentKey> = K extends keyof ContentBodies ? ContentBodies[K] : BlogContent;

/** GET /cms/content/:key (public): the published version. 404 when never published or unpublished. */
export const PublishedContent = z.object({
  key: z.string(),
  version: z.number().int().positive(),
  body: z.unknown(),
  published_at: z.iso.datetime(),
  /** A blog post's first publication (its date); equals published_at for other documents. */
  first_published_at: z.iso.datetime(),
});
export type PublishedContent<B = unknown> = Omit<z.infer<typeof PublishedContent>, 'body'> & { body: B };

export const CONTENT_STATUSES = ['draft', 'published', 'changed', 'unpublished'] as const;
/** draft: never published; published: the draft equals what is live; changed: the draft differs from what is live. */
export const ContentStatus = z.enum(CONTENT_STATUSES);
export type ContentStatus = z.infer<typeof ContentStatus>;

export const ContentChangeKind = z.enum(['draft-saved', 'published', 'unpublished', 'restored']);
/** One line of a document's history: who changed what and when. */
export const ContentChange = z.object({
  kind: ContentChangeKind,
  at: z.iso.datetime(),
  by: z.object({ account_id: z.string(), name: z.string() }),
  /** The published version this change published, or the version a restore copied into the draft. */
  version: z.number().int().positive().nullable(),
  /** What changed, in words ("Edited the hero, 2 FAQ items reordered"); may be empty. */
  summary: z.string(),
});
export type ContentChange = z.infer<typeof ContentChange>;

/** GET /cms/admin/content/:key (content.manage). A document nobody has saved yet answers 200 with draft null. */
export const ManagedContent = z.object({
  key: z.string(),
  status: ContentStatus,
  draft: z.unknown().nullable(),
  published: PublishedContent.nullable(),
  /** The stream version; sent back as expected_version so two editors never overwrite each other (409 otherwise). */
  revision: z.number().int().nonnegative(),
  updated_at: z.iso.datetime().nullable(),
  updated_by: z.string().nullable(),
});
export type ManagedContent = z.infer<typeof ManagedContent>;

/** PUT /cms/admin/content/:key/draft. The answer says what the sanitizer removed, if anything. */
export const SaveDraftBody = z.object({ body: z.unknown(), expected_revision: z.number().int().nonnegative() });
export const SaveDraftResult = ManagedContent.extend({ removed: z.array(z.string()) });
/** POST /cms/admin/content/:key/publish | /unpublish. */
export const ContentActionBody = z.object({ expected_revision: z.number().int().nonnegative() });
/** POST /cms/admin/content/:key/restore: copies a published version into the draft (publish it to make it live). */
export const RestoreContentBody = ContentActionBody.extend({ version: z.number().int().positive() });

/** POST /cms/images answer; the web builds srcset from `widths`. */
export const UploadedImage = z.object({
  image_id: ImageId,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  widths: z.array(z.number().int().positive()),
  alt_hint: z.string(),
});
export type UploadedImage = z.infer<typeof UploadedImage>;

/** Content events (the content module's published facts). */
export const CONTENT_EVENT_TYPES = ['ContentDraftSaved', 'ContentPublished', 'ContentUnpublished', 'ContentVersionRestored'] as const;
export type ContentEventType = (typeof CONTENT_EVENT_TYPES)[number];

/** Paging of the content lists (public blog, admin blog list, a document's history): newest first. */
export const ContentPageQuery = z.object({
  page: z.coerce.number().int().min(1, 'page must be a whole number from 1').max(10_000, 'page must be a whole number from 1').default(1),
  page_size: z.coerce.number().int().min(1, 'page_size must be from 1 to 100').max(100, 'page_size must be from 1 to 100').default(10),
});
export type ContentPageQuery = z.infer<typeof ContentPageQuery>;

/** GET /cms/blogs (public): one published post, newest first. */
export const PublicBlogItem = z.object({
  slug: z.string(),
  heading: z.string(),
  excerpt: z.string(),
  author: z.string(),
  image_id: z.string().nullable(),
  first_published_at: z.iso.datetime(),
  published_at: z.iso.datetime(),
});
export type PublicBlogItem = z.infer<typeof PublicBlogItem>;
export const PublicBlogPage = z.object({ items: z.array(PublicBlogItem), total: z.number().int().nonnegative(), page: z.number().int().positive(), page_size: z.number().int().positive() });
export type PublicBlogPage = z.infer<typeof PublicBlogPage>;

/** GET /cms/admin/blogs: every post, drafts and unpublished ones included, last changed first. */
export const AdminBlogItem = z.object({
  key: z.string(),
  slug: z.string(),
  heading: z.string(),
  status: ContentStatus,
  updated_at: z.iso.datetime().nullable(),
  /** The name of who made the last change. */
  updated_by: z.string().nullable(),
});
export type AdminBlogItem = z.infer<typeof AdminBlogItem>;
export const AdminBlogPage = z.object({ items: z.array(AdminBlogItem), total: z.number().int().nonnegative(), page: z.number().int().positive(), page_size: z.number().int().positive() });
export type AdminBlogPage = z.infer<typeof AdminBlogPage>;

/** GET /cms/admin/content/:key/history: newest first. */
export const ContentHistoryPage = z.object({ items: z.array(ContentChange), total: z.number().int().nonnegative(), page: z.number().int().positive(), page_size: z.number().int().positive() });
export type ContentHistoryPage = z.infer<typeof ContentHistoryPage>;

/** Live push `content.changed` to the rooms `role:<r>` of every role with `content.manage`, after each change. */
export const CONTENT_CHANGED_MESSAGE = 'content.changed';
export const ContentChanged = z.object({ key: z.string(), status: ContentStatus, revision: z.number().int().nonnegative() });
export type ContentChanged = z.infer<typeof ContentChanged>;

/** Image widths (DECISIONS.md "Images"): every one up to the original's width is stored, WebP at quality 75. */
export const CONTENT_IMAGE_WIDTHS = [16, 32, 48, 64, 96, 128, 256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export const CONTENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Where an image width is served: `<img srcset>` entries are `${contentImageUrl(id, w)} ${w}w`. */
export const contentImageUrl = (imageId: string, width: number) => `/api/v1/cms/images/${imageId}/${width}.webp`;
