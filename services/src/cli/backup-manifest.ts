import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export const MANIFEST_FILE = 'manifest.json';

/** What `npm run backup` wrote and `npm run restore` checks first. */
export const BackupManifest = z.object({
  format: z.literal(1),
  taken_at: z.iso.datetime(),
  app_version: z.string(),
  /** The highest event position in the copied log: every write acknowledged before the backup began is at or below it. */
  event_log_head: z.number().int().min(0),
  files: z
    .array(
      z.object({
        name: z.string().regex(/^[\w.-]+$/),
        holds: z.string(),
        bytes: z.number().int().min(0),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
        integrity_check: z.literal('ok'),
      }),
    )
    .min(1),
  /** The key files copied (into their own folder, never beside the data), or null when they were left out. */
  keys: z
    .object({
      files: z.array(z.object({ name: z.string().regex(/^[\w.-]+$/), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
    })
    .nullable(),
});
export type BackupManifest = z.infer<typeof BackupManifest>;

export const sha256Of = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

/** The manifest of a backup folder, checked; a clear message when it is missing or not one. */
export const readManifest = (dir: string): BackupManifest => {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'));
  } catch (error) {
    throw new Error(`${dir} holds no readable ${MANIFEST_FILE}: is it a folder written by npm run backup? (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  const parsed = BackupManifest.safeParse(raw);
  if (!parsed.success) throw new Error(`${join(dir, MANIFEST_FILE)} is not a backup manifest: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
};
