import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { MAILED_CODE_ALPHABET, PropertySummary, VERIFICATION_RULES } from '@acpg/contracts/properties';
import { defineJob } from '../../../platform/jobs/define.ts';
import { PermanentJobError } from '../../../platform/jobs/errors.ts';
import { postalMail } from '../../../platform/postal-mail/select.ts';
import type { Platform } from '../../../platform/module.ts';
import { DEFAULT_TIME_ZONE, formatLongDate } from '../../../platform/formatting/index.ts';

/** A new code, `codeLength` characters of the unambiguous alphabet (25^8 ≈ 1.5e11 codes). */
export const newMailedCode = (): string =>
  Array.from({ length: VERIFICATION_RULES.codeLength }, () => MAILED_CODE_ALPHABET[randomInt(0, MAILED_CODE_ALPHABET.length)]).join('');

/** "K7QM-3XPA": how a code is printed (the dash is ignored when typed). */
export const printedCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

// The letter is read at the property, not by an account: the property's zone. Every property is in California (the
// property data covers California counties), the default zone's.
const onDay = (iso: string) => formatLongDate(iso, DEFAULT_TIME_ZONE);

/** The letter's words: what the code is for, until when, and what to do when nobody at the address asked for it. */
export const letterText = (input: { code: string; expires_at: string; public_url: string }) => `Your ACPG property verification code

Someone asked to verify, on their ACPG account, that they own or control this property. Mailing a code here is how we
check it: only a person who receives mail at this address can read it.

Your code: ${printedCode(input.code)}

Enter it on the Properties page of your account (${input.public_url}/my-properties) before ${onDay(input.expires_at)}.
After ${VERIFICATION_RULES.maxWrongCodes} wrong codes the property can no longer be verified by mail on that account.

Did not ask for this? Do not share the code with anyone, and tell us through the Contact Us page
(${input.public_url}/contact-us): someone may be trying to claim your property.`;

/**
 * The queue that mails a verification letter. The code travels only in the job (a completed job's data is erased),
 * never in an event: the verification's stream keeps its HMAC.
 */
export const letterJob = defineJob({
  queue: 'properties-letters',
  name: 'mail',
  data: z.object({ verification_id: z.string(), property: PropertySummary, code: z.string(), expires_at: z.string(), public_url: z.string() }),
  attempts: 8,
  backoffMs: 2000,
  what: 'verification letter',
});

export const mailLetter = letterJob.worker(async (platform: Platform, data) => {
  const mail = postalMail(platform);
  if (!mail) throw new PermanentJobError('no postal mail is configured (a print-and-mail provider, or DEV_OUTBOX on the embedded profile)');
  const p = data.property;
  await mail.send({
    to: { name: 'The owner or resident', line1: p.address_line, city: p.city, state: p.state, zip: p.zip },
    subject: 'Your ACPG property verification code',
    text: letterText(data),
  });
});
