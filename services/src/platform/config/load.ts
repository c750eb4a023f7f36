import { readFileSync } from 'node:fs';
import { ConfigSchema, type Config } from './schema.ts';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Secrets that may come from a file (`<NAME>_FILE`, e.g. a Docker or Kubernetes secret) instead of the variable. */
export const SECRET_FILE_VARIABLES = ['JWT_PRIVATE_KEY', 'ENCRYPTION_KEY'] as const;

/** `<NAME>_FILE` read into `<NAME>`; the problems (both set, an unreadable file) as lines naming the variable. */
const withSecretFiles = (env: Record<string, string>): { env: Record<string, string>; problems: string[] } => {
  const out = { ...env };
  const problems: string[] = [];
  for (const name of SECRET_FILE_VARIABLES) {
    const file = env[`${name}_FILE`];
    if (!file) continue;
    if (env[name]) {
      problems.push(`  ${name}_FILE: set ${name} or ${name}_FILE, not both`);
      continue;
    }
    try {
      const value = readFileSync(file, 'utf8').trim();
      if (value === '') problems.push(`  ${name}_FILE: ${file} is empty`);
      else out[name] = value;
    } catch (error) {
      problems.push(`  ${name}_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  return { env: out, problems };
};

/** Validates the environment; the error names every bad variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const cleaned = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
  const secrets = withSecretFiles(cleaned);
  const parsed = ConfigSchema.safeParse(secrets.env);
  if (parsed.success && secrets.problems.length === 0) return parsed.data;
  const lines = [...secrets.problems, ...(parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join('.') || '(config)'}: ${i.message}`))];
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
};
