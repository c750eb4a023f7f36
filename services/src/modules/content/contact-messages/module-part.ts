import type { Module } from '../../../platform/module.ts';
import { contactMessageReaction } from './reaction.ts';
import { contactMessageRoutes } from './routes.ts';
import { contactMessageConfirmationEmail, contactMessageEmail } from './templates.ts';

/**
 * The contact form's part of the content module: its event, routes, reaction and email templates. The module wraps
 * itself in it (`withContactMessages({...})`), so the content module's own list stays as it is.
 */
export const withContactMessages = (module: Module): Module => ({
  ...module,
  eventTypes: [...(module.eventTypes ?? []), 'ContactMessageReceived'],
  routes: (platform) => async (app) => {
    if (module.routes) await app.register(module.routes(platform));
    await app.register(contactMessageRoutes(platform));
  },
  reactions: [...(module.reactions ?? []), contactMessageReaction],
  templates: [...(module.templates ?? []), contactMessageEmail, contactMessageConfirmationEmail],
});
