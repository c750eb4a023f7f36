import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ContactMessageBody, ContactMessageSent } from '@acpg/contracts/contact-messages';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { CaptchaChallenge } from '@acpg/contracts/sign-up';
import { createFieldCipherFromConfig } from '../../../platform/auth/encryption.ts';
import { altchaCaptcha } from '../../../platform/captcha/altcha.ts';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import type { Platform } from '../../../platform/module.ts';
import { sendContactMessage } from './commands.ts';

const tags = ['content'];
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorEnvelope]));
/** Per client address: a person writes a few messages at most; the human check costs a bot work on top. */
const sendLimit = { max: 5, timeWindow: '10 minutes' };
const challengeLimit = { max: 20, timeWindow: '1 minute' };

/** The public contact form: its human check and the message itself. */
export const contactMessageRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const cipher = await createFieldCipherFromConfig(platform.config);
    // Keys of their own: a challenge solved for sign-up is not one for the contact form, and the other way round.
    const captcha = altchaCaptcha({
      hmacSecret: cipher.deriveKey('contact-altcha-challenge').toString('hex'),
      hmacKeySecret: cipher.deriveKey('contact-altcha-key').toString('hex'),
      cost: platform.config.CAPTCHA_COST,
      clock: platform.clock,
    });

    app.get(
      '/cms/contact-messages/challenge',
      {
        config: { auth: 'public', rateLimit: challengeLimit },
        schema: {
          tags,
          summary: 'Contact form: a human-check challenge',
          description:
            'The human check of `POST /cms/contact-messages`, as sign-up\'s (`GET /auth/sign-up/challenge`): an ALTCHA v2 proof-of-work ' +
            'challenge, signed, valid 10 minutes. Send the solved payload as `captcha`.',
          response: { 200: okEnvelope(CaptchaChallenge), ...errors(429) },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { success: true as const, data: await captcha.challenge() };
      },
    );

    app.post(
      '/cms/contact-messages',
      {
        config: { auth: 'public', rateLimit: sendLimit },
        schema: {
          tags,
          summary: 'Contact form: send a message to the team',
          description:
            'A visitor writes to the team (name, email, optional phone, topic, message) with a solved human check (`captcha`, from ' +
            '`GET /cms/contact-messages/challenge`), used up by this message. Records `ContactMessageReceived`; the message is emailed to ' +
            'the published contact email (reply-to the visitor) and the visitor gets a confirmation. 400 VALIDATION_FAILED, CAPTCHA_FAILED ' +
            '(missing, wrong, expired or used); 429 after 5 messages in 10 minutes; 502 CONTACT_NOT_SET when no contact email is published.',
          body: ContactMessageBody,
          response: { 200: okEnvelope(ContactMessageSent), ...errors(400, 429, 502) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await sendContactMessage(platform, captcha, request.body, requestMeta(request, platform)),
        message: 'Thank you. We received your message and will answer by email.',
      }),
    );
  };
