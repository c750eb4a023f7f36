import type { ContactDetails } from '@acpg/contracts/content';
import type { CommandOrigin } from '../../../platform/commands/handle-command.ts';
import type { Platform } from '../../../platform/module.ts';
import { handleContentCommand } from '../content-command.ts';
import { seedStream } from '../seed-stream.ts';
import { CONTACT_PAGE_STREAM, contactPageDecider, decideContactPage, type ContactPageCommand, initialContactPageState, type ContactPageState } from './decider.ts';

/** Returns the state after the command. */
export const updateContactDetails = async (platform: Platform, details: ContactDetails, origin: CommandOrigin): Promise<ContactPageState> => {
  const { state } = await handleContentCommand(
    platform,
    CONTACT_PAGE_STREAM,
    contactPageDecider,
    (now): ContactPageCommand => ({ type: 'UpdateContactDetails', data: details, metadata: { now } }),
    origin,
  );
  return state;
};

/** What the contact page shows until a Super Admin saves its own (placeholder data, clearly so). */
export const INITIAL_CONTACT_DETAILS: ContactDetails = {
  phone: '+1 (800) 555-0100',
  email: 'support@example.com',
  address: '100 Example Street, Los Angeles, CA 90012',
  hours: 'Monday to Friday, 9 am to 5 pm (Pacific)',
};

/** Appends the initial details once: only when the stream does not exist yet (expected version 0). */
export const seedContactPage = async (platform: Platform): Promise<void> => {
  const now = platform.clock();
  const events = decideContactPage({ type: 'UpdateContactDetails', data: INITIAL_CONTACT_DETAILS, metadata: { now } }, initialContactPageState());
  await seedStream(platform, CONTACT_PAGE_STREAM, events, now, platform.newId());
};
