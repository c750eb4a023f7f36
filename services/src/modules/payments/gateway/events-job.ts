import { defineJob } from '../../../platform/jobs/define.ts';
import { GatewayEvent } from './port.ts';

/** The queue the test gateway delivers its webhook events on (the payments module's worker takes them). */
export const GATEWAY_EVENTS_QUEUE = 'payments-gateway-events';

/** One webhook delivery of the test gateway: the event as the gateway sent it, retried 8 times. */
export const gatewayEventJob = defineJob({ queue: GATEWAY_EVENTS_QUEUE, name: 'deliver', data: GatewayEvent, attempts: 8, backoffMs: 500, what: 'gateway event' });
