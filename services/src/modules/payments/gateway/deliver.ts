import { z } from 'zod';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { PermanentJobError } from '../../../platform/jobs/errors.ts';
import type { JobProcessor } from '../../../platform/jobs/port.ts';
import type { Platform } from '../../../platform/module.ts';
import { recordGatewayEvent } from '../checkout/commands.ts';
import { GatewayEvent } from './port.ts';

/**
 * The payments module's webhook handler: takes one gateway event (a job of the gateway's delivery queue; the Stripe
 * adapter's webhook route will call `recordGatewayEvent` the same way after checking the signature). Recording is
 * idempotent by event id; a failure to write is retried by the queue, an event that can never apply is dead-lettered.
 */
export const deliverGatewayEvent =
  (platform: Platform): JobProcessor =>
  async (job) => {
    const parsed = GatewayEvent.safeParse(job.data);
    if (!parsed.success) throw new PermanentJobError(`not a gateway event: ${z.prettifyError(parsed.error)}`);
    try {
      await recordGatewayEvent(platform, parsed.data, systemMeta(platform, { actor: 'payments.gateway' }));
    } catch (error) {
      if (error instanceof DomainError && error.kind !== 'unavailable' && error.kind !== 'conflict') {
        throw new PermanentJobError(`gateway event ${parsed.data.id} refused: ${error.message}`, { cause: error });
      }
      throw error;
    }
  };
