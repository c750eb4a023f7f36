import type { ContactDetails } from '@acpg/contracts/content';
import { ConcurrencyError } from '../../../platform/event-store/port.ts';
import type { Platform } from '../../../platform/module.ts';
import { CONTACT_PAGE_STREAM, contactPageStateFrom, decideContactPage, evolveContactPage, type ContactPageState } from './decider.ts';

/** Who asked, and in answer to what; the admin route fills it from the request. */
export interface CommandContext {
  actor: string | null;
  correlationId: string;
  causationId?: string | null;
}

/**
 * Loads the stream, decides, appends with the loaded version as the expected one: a concurrent save surfaces as
 * ConcurrencyError (HTTP 409). Returns the state after the command.
 */
export const updateContactDetails = async (platform: Platform, details: ContactDetails, context: CommandContext): Promise<ContactPageState> => {
  const history = await platform.eventStore.readStream(CONTACT_PAGE_STREAM);
  const state = contactPageStateFrom(history);
  const now = platform.clock();
  const events = decideContactPage({ type: 'UpdateContactDetails', data: details, metadata: { now } }, state);
  if (events.length === 0) return state;
  await platform.eventStore.append(
    CONTACT_PAGE_STREAM,
    history.at(-1)?.version ?? 0,
    events.map((event) => ({
      id: platform.newId(),
      type: event.type,
      data: event.data,
      occurredAt: now.toISOString(),
      actor: context.actor,
      correlationId: context.correlationId,
      causationId: context.causationId ?? null,
    })),
  );
  return events.reduce(evolveContactPage, state);
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
  const [event] = decideContactPage({ type: 'UpdateContactDetails', data: INITIAL_CONTACT_DETAILS, metadata: { now } }, { details: null, updatedAt: null });
  if (!event) return;
  try {
    await platform.eventStore.append(CONTACT_PAGE_STREAM, 0, [
      {
        id: platform.newId(),
        type: event.type,
        data: event.data,
        occurredAt: now.toISOString(),
        actor: 'system',
        correlationId: platform.newId(),
        causationId: null,
      },
    ]);
  } catch (error) {
    if (!(error instanceof ConcurrencyError)) throw error; // already seeded (or edited): nothing to do
  }
};
