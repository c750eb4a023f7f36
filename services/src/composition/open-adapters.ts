import type { Logger } from 'pino';
import type { Config } from '../platform/config/schema.ts';
import type { Adapters } from './adapters.ts';
import { createEmbeddedAdapters } from './embedded.ts';
import { createDistributedAdapters } from './distributed.ts';
import { MODULES } from './modules.ts';

/** The adapters of the configured profile (MODE). */
export const openAdapters = (config: Config, log: Logger): Promise<Adapters> =>
  config.MODE === 'embedded' ? createEmbeddedAdapters(config, log) : createDistributedAdapters(config, log, MODULES);
