import type { Config } from './schema.ts';

/** The web app's address for links in emails and texts: PUBLIC_URL, else this server on localhost; no trailing slash. */
export const publicUrl = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string => (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
