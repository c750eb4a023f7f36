import mongoose from 'mongoose';
import type { Logger } from 'pino';
import type { Config } from '../platform/config/schema.ts';
import { createMongoEventStore, mongoOutboxSource } from '../platform/event-store/mongo.ts';
import { createKafkaEventBus, createKafkaPublisher } from '../platform/event-bus/kafka.ts';
import { startOutboxRelay } from '../platform/event-bus/outbox-relay.ts';
import { createMongoDocuments } from '../platform/documents/mongo.ts';
import { createMongoProjectionStore } from '../platform/projections/mongo.ts';
import { createBullmqJobs } from '../platform/jobs/bullmq.ts';
import { createSmtpMailer } from '../platform/mail/smtp.ts';
import { createHttpSmsSender } from '../platform/sms/http.ts';
import { topicForStream } from '../platform/event-bus/port.ts';
import type { Adapters } from './adapters.ts';

/** Distributed profile: MongoDB (events, read models), Kafka (bus, fed by the outbox relay), Redis (jobs, socket.io). */
export const createDistributedAdapters = async (config: Config, log: Logger, moduleNames: readonly string[]): Promise<Adapters> => {
  const required = (name: 'MONGODB_URL' | 'KAFKA_BROKERS' | 'REDIS_URL'): string => {
    const value = config[name];
    if (!value) throw new Error(`${name} is required when MODE=distributed`); // loadConfig checks it first
    return value;
  };
  const connection = await mongoose.createConnection(required('MONGODB_URL')).asPromise();
  const eventStore = await createMongoEventStore(connection);
  const brokers = required('KAFKA_BROKERS').split(',').map((b) => b.trim());
  const topics = moduleNames.map((m) => topicForStream(`${m}-x`, config.KAFKA_TOPIC_PREFIX));
  const bus = createKafkaEventBus({ brokers, clientId: config.KAFKA_CLIENT_ID, topics, logger: log.child({ port: 'event-bus' }) });
  const publisher = createKafkaPublisher({ brokers, clientId: `${config.KAFKA_CLIENT_ID}-relay`, topicPrefix: config.KAFKA_TOPIC_PREFIX });
  const documents = createMongoDocuments(connection);
  const projections = createMongoProjectionStore(connection);
  const jobs = createBullmqJobs({ connection: required('REDIS_URL'), prefix: 'acpg', logger: log.child({ port: 'jobs' }) });
  // loadConfig already refused a distributed start without these.
  const mailer = createSmtpMailer({ url: config.SMTP_URL ?? '', from: config.MAIL_FROM });
  const sms = createHttpSmsSender({ url: config.SMS_API_URL ?? '', token: config.SMS_API_TOKEN ?? '', from: config.SMS_FROM ?? '' });
  return {
    eventStore,
    bus,
    documents,
    projections,
    jobs,
    mailer,
    sms,
    devOutbox: null, // refused by the configuration in this profile
    startRelay: () =>
      startOutboxRelay({ source: mongoOutboxSource(connection), publish: (events) => publisher.publish(events), logger: log.child({ port: 'outbox-relay' }) }),
    close: async () => {
      await jobs.close();
      await bus.close();
      await publisher.close();
      await documents.close();
      await eventStore.close();
      await connection.close();
    },
  };
};
