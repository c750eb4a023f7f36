import type { BlogContent, ContactContent, FaqContent, HomeContent, RichPageContent, ServicesContent, SiteContent } from '@acpg/contracts/content-documents';

export type HomeSeed = HomeContent;
export type AboutContent = RichPageContent;
export type RichSeed = RichPageContent;
export type { BlogContent, ContactContent, FaqContent, ServicesContent, SiteContent };
