import { ContactContent } from '@acpg/contracts/content-documents';
import type { Platform } from '../../../platform/module.ts';
import { PUBLISHED_COLLECTION, publishedProjection, toPublishedContent } from '../published/projection.ts';

/**
 * Where the team reads the contact form: the email of the published `contact` document (null when it is not
 * published). Read from the content module's own published read model.
 */
export const contactRecipient = async (platform: Platform): Promise<string | null> => {
  let doc = await platform.documents.get(PUBLISHED_COLLECTION, 'contact');
  if (!doc && (await platform.caughtUp(publishedProjection, { waitMs: 1000 }))) doc = await platform.documents.get(PUBLISHED_COLLECTION, 'contact');
  if (!doc) return null;
  const body = ContactContent.safeParse(toPublishedContent(doc).body);
  return body.success ? body.data.email : null;
};
