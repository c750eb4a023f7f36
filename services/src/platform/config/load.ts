import { ConfigSchema, type Config } from './schema.ts';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Validates the environment; the error names every bad variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(config)'}: ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
};
