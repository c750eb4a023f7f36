import { systemMeta } from '../../../platform/commands/metadata.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { PermanentJobError } from '../../../platform/jobs/errors.ts';
import { recordGatewayEvent } from '../checkout/commands.ts';
import { gatewayEventJob } from './events-job.ts';

/**
 * The payments module's webhook handler: takes one gateway event (a job of the gateway's delivery queue; the Stripe
 * adapter's webhook route will call `recordGatewayEvent` the same way after checking the signature). Recording is
 * idempotent by event id; a failure to write is retried by the queue, an event that can never apply is dead-lettered.
 */
export const deliverGatewayEvent = gatewayEventJob.worker(
  async (platform, event) => {
    try {
      await recordGatewayEvent(platform, event, systemMeta(platform, { actor: 'payments.gateway' }));
    } catch (error) {
      if (error instanceof DomainError && error.kind !== 'unavailable' && error.kind !== 'conflict') {
        throw new PermanentJobError(`gateway event ${event.id} refused: ${error.message}`, { cause: error });
      }
      throw error;
    }
  },
  { concurrency: 4 },
);
