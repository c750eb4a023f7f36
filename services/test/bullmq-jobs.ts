import { Redis } from 'ioredis';
import { toBullQueueName } from '../src/platform/jobs/bullmq.ts';

/**
 * The ids a queue accepted and still holds taken: the BullMQ adapter takes each as the deduplication id of its job
 * (`<prefix>:<queue>:de:<BullMQ id>`, expiring after the retention).  Answered as BullMQ ids (`j-` and the escaped port id).
 */
export const acceptedIds = async (redisUrl: string, queue: string): Promise<string[]> => {
  const redis = new Redis(redisUrl);
  const head = `acpg:${toBullQueueName(queue)}:de:`;
  try {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', `${head}*`, 'COUNT', 1000);
      cursor = next;
      keys.push(...found);
    } while (cursor !== '0');
    return keys.map((key) => key.slice(head.length)).sort();
  } finally {
    redis.disconnect();
  }
};
