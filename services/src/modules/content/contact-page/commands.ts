import type { ContactDetails } from '@acpg/contracts/content';
import { handleCommand, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { seedStream } from '../../../platform/commands/seed-stream.ts';
import type { Platform } from '../../../platform/module.ts';
import { CONTACT_PAGE_STREAM, contactPageDecider, type ContactPageState } from './decider.ts';

/** Returns the state after the command. */
export const updateContactDetails = async (platform: Platform, details: ContactDetails, meta: CommandMeta): Promise<ContactPageState> => {
  const { state } = await handleCommand(platform.eventStore, CONTACT_PAGE_STREAM, contactPageDecider, {
    type: 'UpdateContactDetails',
    data: details,
    metadata: meta,
  });
  return state;
};

/** What the contact page shows until a Super Admin saves its own (placeholder data, clearly so). */
export const INITIAL_CONTACT_DETAILS: ContactDetails = {
  phone: '+1 (800) 555-0100',
  email: 'support@example.com',
  address: '100 Example Street, Los Angeles, CA 90012',
  hours: 'Monday to Friday, 9 am to 5 pm (Pacific)',
};

/** Appends the initial details once: only when the stream does not exist yet. */
export const seedContactPage = async (platform: Platform): Promise<void> => {
  const metadata = systemMeta(platform, { actor: 'seed' });
  await seedStream(platform.eventStore, CONTACT_PAGE_STREAM, contactPageDecider, [{ type: 'UpdateContactDetails', data: INITIAL_CONTACT_DETAILS, metadata }]);
};
