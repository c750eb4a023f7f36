import { Redis } from 'ioredis';
import { toBullQueueName } from '../src/platform/jobs/bullmq.ts';

/** The ids a queue accepted (the BullMQ adapter keeps them in `<prefix>:<queue>:port-ids`). */
export const acceptedIds = async (redisUrl: string, queue: string): Promise<string[]> => {
  const redis = new Redis(redisUrl);
  try {
    return await redis.smembers(`acpg:${toBullQueueName(queue)}:port-ids`);
  } finally {
    redis.disconnect();
  }
};
