import { CASE_OUTCOME_LABELS, CASE_STEP_LABELS, DOCUMENT_TYPE_LABELS, EquityAlertRaised, EquityEnrolmentRequested, EquityFraudCaseClosed, EquityFraudCaseOpened, EquityProtectionCancelled, EquityProtectionEndingSoon } from '@acpg/contracts/equity';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import type { Platform } from '../../../platform/module.ts';
import { accountNoticeJob } from '../../../platform/jobs/notifications.ts';
import type { Reaction, ReactionJob } from '../../../platform/reactions/port.ts';
import type { z } from 'zod';
import type { EmailTemplate, SmsTemplate, TemplateVariables } from '../../../platform/templates/template.ts';
import { loadAlert } from '../alert/commands.ts';
import { countyName } from '../recorder-feed/port.ts';
import { loadEnrolment } from '../enrolment/commands.ts';
import { alertEmail, alertSms, caseClosedEmail, caseOpenedEmail, protectionEndedEmail, protectionEndingEmail, protectionToPayEmail } from './templates.ts';
import { enrolmentDecider, enrolmentStream, type EnrolmentState } from '../enrolment/decider.ts';
import { accountContactOf } from '../../../platform/local-copies/account-contacts.ts';
import { publicUrl } from '../../../platform/config/public-url.ts';
import { formatCents, formatLongDate } from '../../../platform/formatting/index.ts';
import { timeZoneOf } from '../../../platform/local-copies/account-time-zones.ts';

const usd = formatCents;

const fullNameOf = async (platform: Platform, accountId: string) => {
  const contact = await accountContactOf(platform, 'equity', accountId);
  return contact && contact.full_name !== '' ? contact.full_name : 'there';
};

/** A template and its variables, type-checked against the template's schema. */
const message = <V extends TemplateVariables>(template: EmailTemplate<V> | SmsTemplate<V>, variables: z.input<V>) => ({ template: template.key, variables: variables as Record<string, unknown> });
type Message = ReturnType<typeof message>;

/** A notice to the member by id: identity forwards it to their email (and phone), so this module never holds either. */
const notice = (accountId: string, parts: { email?: Message; sms?: Message }): ReactionJob[] => [accountNoticeJob.job({ account_id: accountId, ...parts }, { attempts: 8, backoffMs: 2000 })];

/**
 * The member hears of each alert at once (email and SMS), of their case opening (with the checklist) and closing, and
 * of a year of protection ending within 30 days, of a protection ended (stopped, or its payment refunded), and of an
 * enrollment their provider placed for them and left for them to pay.
 * One notice per event (job id `<reaction>:<event id>`), so a redelivered event notifies once.
 */
export const noticesReaction: Reaction = {
  name: 'equity.notices',
  handles: ['EquityAlertRaised', 'EquityFraudCaseOpened', 'EquityFraudCaseClosed', 'EquityProtectionEndingSoon', 'EquityProtectionCancelled', 'EquityEnrolmentRequested'],
  async jobs(event: StoredEvent, platform) {
    const listUrl = `${publicUrl(platform.config)}/equity-protect-list`;
    if (event.type === 'EquityAlertRaised') {
      const d = EquityAlertRaised.parse(event.data);
      if (d.sample) return []; // a demo's made-up recording: the member sees it in their list, nothing is sent
      const r = d.recording;
      const variables = {
        full_name: await fullNameOf(platform, d.account_id),
        document_type: DOCUMENT_TYPE_LABELS[r.document_type],
        document_number: r.document_number,
        recorded_on: formatLongDate(r.recorded_at, await timeZoneOf(platform, 'equity', d.account_id)),
        county: countyName(r.county),
        apn: r.apn,
        address: `${d.property.address_line}, ${d.property.city}, CA ${d.property.zip}`,
        grantor: r.grantor,
        grantee: r.grantee,
        ...(r.amount_cents !== null ? { amount: usd(r.amount_cents) } : {}),
        list_url: listUrl,
      };
      return notice(d.account_id, { email: message(alertEmail, variables), sms: message(alertSms, variables) });
    }
    if (event.type === 'EquityEnrolmentRequested') {
      // Only an enrollment a Provider Admin placed for the member and left for the member to pay.
      const d = EquityEnrolmentRequested.parse(event.data);
      if (d.placed_by?.payer !== 'user' || d.included) return [];
      const address = `${d.property.address_line}, ${d.property.city}, CA ${d.property.zip}`;
      return notice(d.account_id, { email: message(protectionToPayEmail, { full_name: await fullNameOf(platform, d.account_id), address, amount: usd(d.price_cents), list_url: listUrl }) });
    }
    if (event.type === 'EquityProtectionEndingSoon') {
      const d = EquityProtectionEndingSoon.parse(event.data);
      const enrolment = await loadEnrolment(platform, d.enrolment_id);
      if (enrolment.status === 'none') return [];
      const { account_id, property } = enrolment.requested;
      const ends_on = formatLongDate(d.protected_until, await timeZoneOf(platform, 'equity', account_id));
      const address = `${property.address_line}, ${property.city}, CA ${property.zip}`;
      return notice(account_id, { email: message(protectionEndingEmail, { full_name: await fullNameOf(platform, account_id), address, ends_on, list_url: listUrl }) });
    }
    if (event.type === 'EquityProtectionCancelled') {
      const d = EquityProtectionCancelled.parse(event.data);
      const enrolment = await enrolmentAfter(platform, d.enrolment_id, event.id);
      if (enrolment.status === 'none') return [];
      const { account_id, property } = enrolment.requested;
      const timeZone = await timeZoneOf(platform, 'equity', account_id);
      const inTheirZone = (iso: string) => formatLongDate(iso, timeZone);
      const address = `${property.address_line}, ${property.city}, CA ${property.zip}`;
      const resumable = enrolment.status === 'cancelled' && enrolment.resumableUntil ? { resumable_until: inTheirZone(enrolment.resumableUntil) } : {};
      const variables = { full_name: await fullNameOf(platform, account_id), address, ended_on: inTheirZone(d.at), refunded: d.refunded === true, list_url: listUrl, ...resumable };
      return notice(account_id, { email: message(protectionEndedEmail, variables) });
    }
    const alertId = (event.data as { alert_id?: unknown }).alert_id;
    const state = typeof alertId === 'string' ? await loadAlert(platform, alertId) : null;
    if (!state || state.status === 'none') return [];
    const { raised } = state;
    const document = `${DOCUMENT_TYPE_LABELS[raised.recording.document_type]} ${raised.recording.document_number}`;
    const full_name = await fullNameOf(platform, raised.account_id);
    if (event.type === 'EquityFraudCaseOpened') {
      const d = EquityFraudCaseOpened.parse(event.data);
      const address = `${raised.property.address_line}, ${raised.property.city}, CA ${raised.property.zip}`;
      return notice(raised.account_id, { email: message(caseOpenedEmail, { full_name, document, address, steps: d.steps.map((s) => CASE_STEP_LABELS[s]), list_url: listUrl }) });
    }
    if (event.type === 'EquityFraudCaseClosed') {
      const d = EquityFraudCaseClosed.parse(event.data);
      const outcome = d.outcome ? { outcome: CASE_OUTCOME_LABELS[d.outcome] } : {};
      return notice(raised.account_id, { email: message(caseClosedEmail, { full_name, document, resolution: d.resolution, ...outcome, list_url: listUrl }) });
    }
    return [];
  },
};

/** The enrollment as it stood right after `eventId` (a later protect-again must not change what the notice says). */
const enrolmentAfter = async (platform: Platform, enrolmentId: string, eventId: string): Promise<EnrolmentState> => {
  let state = enrolmentDecider.initialState();
  for (const stored of await platform.eventStore.readStream(enrolmentStream(enrolmentId))) {
    const event = enrolmentDecider.fromStored?.(stored);
    if (event) state = enrolmentDecider.evolve(state, event);
    if (stored.id === eventId) break;
  }
  return state;
};
