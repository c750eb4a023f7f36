import { ACCOUNT_CONTACT_EVENTS } from '@acpg/contracts/identity';
import { CONTENT_CHANGED_MESSAGE, CONTENT_EVENT_TYPES, ContentChanged } from '@acpg/contracts/content-documents';
import { rolesWith } from '@acpg/contracts/role-permissions';
import { accountContactsCopy } from '../../platform/local-copies/account-contacts.ts';
import type { Module } from '../../platform/module.ts';
import { withContactMessages } from './contact-messages/module-part.ts';
import { liveMessage } from '../../platform/realtime/messages.ts';
import { RETIRED_CONTENT_EVENT_TYPES } from './document/events.ts';
import { historyProjection } from './history/projection.ts';
import { contentImageRoutes } from './images/routes.ts';
import { managedProjection } from './managed/projection.ts';
import { publishedProjection, versionsProjection } from './published/projection.ts';
import { adminContentRoutes } from './routes/admin-routes.ts';
import { publicContentRoutes } from './routes/public-routes.ts';
import { seedContentDocuments } from './seed/seed.ts';

/**
 * Content documents (issue 22): every piece of the public site (home, about us, services, FAQ, contact, the site's name
 * and logo, the legal pages, blog posts) is one stream `content-<key>`, edited as a draft (HTML sanitized on save),
 * published, unpublished and restored from any published version. Read models: what visitors see
 * (`content_published`, `content_versions`), what editors see (`content_managed`, pushed as `content.changed`) and
 * each document's history (`content_history`). Images are files (`content/images/...`), not events.
 */
export const contentModule: Module = withContactMessages({
  name: 'content',
  partitions: 1, // as before topics were generated: a few admin edits a day
  eventTypes: [...CONTENT_EVENT_TYPES, ...RETIRED_CONTENT_EVENT_TYPES],
  consumes: ACCOUNT_CONTACT_EVENTS,
  routes: (platform) => async (app) => {
    await app.register(publicContentRoutes(platform));
    await app.register(adminContentRoutes(platform));
    await app.register(contentImageRoutes(platform));
  },
  projections: [publishedProjection, versionsProjection, managedProjection, historyProjection, accountContactsCopy('content')],
  pushes: [
    liveMessage({
      name: CONTENT_CHANGED_MESSAGE,
      summary: 'A content document changed (draft saved, published, unpublished, restored): an open editor or list reads it again',
      payload: ContentChanged,
      rooms: rolesWith('content.manage').map((role) => `role:${role}`),
    }),
  ],
  seed: seedContentDocuments,
});
