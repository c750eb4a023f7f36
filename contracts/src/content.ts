import { z } from 'zod';

/** Contact-page details (fields "not shown" in the spec; designed here). */
export const ContactDetails = z.object({
  phone: z.string().trim().min(7).max(30),
  email: z.email(),
  address: z.string().trim().min(5).max(300),
  hours: z.string().trim().min(3).max(200),
});
export type ContactDetails = z.infer<typeof ContactDetails>;

/** Public pages managed by Super Admins (home, about us, services, privacy policy, additional information). */
export const PAGE_SLUGS = ['home', 'about-us', 'services', 'privacy-policy', 'additional-information'] as const;
export const PageSlug = z.enum(PAGE_SLUGS);
export type PageSlug = z.infer<typeof PageSlug>;

export const PageSection = z.object({
  heading: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(5000),
});
export const PageContent = z.object({
  slug: PageSlug,
  title: z.string().trim().min(1).max(200),
  intro: z.string().trim().max(2000),
  sections: z.array(PageSection).max(30),
  updated_at: z.string(),
});
export type PageContent = z.infer<typeof PageContent>;

export const FaqItem = z.object({ id: z.string(), question: z.string(), answer: z.string(), position: z.number().int() });
export type FaqItem = z.infer<typeof FaqItem>;

export const BlogSummary = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  published_at: z.string(),
  author: z.string(),
});
export type BlogSummary = z.infer<typeof BlogSummary>;
export const BlogPost = BlogSummary.extend({ body: z.string() });
export type BlogPost = z.infer<typeof BlogPost>;
