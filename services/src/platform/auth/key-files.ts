import { chmod, constants, copyFile, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';

/**
 * Where the embedded profile keeps the keys it generates (the access-token signing key, the encryption key): a folder
 * of their own, outside the data folder, so a copy of the data (a backup, a support bundle) never holds the keys that
 * sign its sessions and decrypt its fields. The distributed profile never generates keys: they come from the
 * environment or secret files (`JWT_PRIVATE_KEY[_FILE]`, `ENCRYPTION_KEY[_FILE]`).
 */
export interface KeyPlace {
  /** KEYS_DIR: created with mode 0700; each key file is written with mode 0600. */
  keysDir: string;
  /** The data folder, where keys were kept before KEYS_DIR: a key found there is moved once into `keysDir`. */
  legacyDir?: string;
  log?: { info(details: object, message: string): void; warn(details: object, message: string): void };
}

/** KEYS_DIR, else the data folder's sibling `<DATA_DIR>-keys` (`./data` keeps its keys in `./data-keys`). */
export const keysDirOf = (config: { KEYS_DIR?: string | undefined; DATA_DIR: string }): string => {
  if (config.KEYS_DIR) return resolve(config.KEYS_DIR);
  const data = resolve(config.DATA_DIR);
  return join(dirname(data), `${basename(data)}-keys`);
};

/** The key place of a configuration: its keys folder, and its data folder as the place keys used to be. */
export const keyPlaceOf = (config: { KEYS_DIR?: string | undefined; DATA_DIR: string }, log?: KeyPlace['log']): KeyPlace => ({
  keysDir: keysDirOf(config),
  legacyDir: resolve(config.DATA_DIR),
  ...(log ? { log } : {}),
});

/** Is `inner` the folder `outer` or inside it? */
export const isWithin = (inner: string, outer: string): boolean => {
  const path = relative(resolve(outer), resolve(inner));
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
};

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

const ensureKeysDir = async (place: KeyPlace): Promise<void> => {
  await mkdir(place.keysDir, { recursive: true, mode: 0o700 });
  const { mode } = await stat(place.keysDir);
  if ((mode & 0o077) === 0) return;
  try {
    await chmod(place.keysDir, 0o700);
  } catch (error) {
    place.log?.warn({ keys_dir: place.keysDir, err: error }, 'the keys folder is readable by others and its mode could not be set to 0700');
  }
};

/**
 * Moves `name` from the data folder into the keys folder when only the data folder has it (keys kept before KEYS_DIR).
 * Copied then unlinked, not renamed: the two folders may be on different volumes.
 */
const moveLegacyKey = async (place: KeyPlace, name: string): Promise<void> => {
  if (!place.legacyDir || resolve(place.legacyDir) === resolve(place.keysDir)) return;
  const from = join(place.legacyDir, name);
  const to = join(place.keysDir, name);
  try {
    await stat(from);
  } catch (error) {
    if (missing(error)) return;
    throw error;
  }
  try {
    // COPYFILE_EXCL: a key already in the keys folder is the one in use; it is never overwritten.
    await copyFile(from, to, constants.COPYFILE_EXCL);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const [old, current] = await Promise.all([readFile(from), readFile(to)]);
    if (!old.equals(current)) {
      place.log?.warn({ from, to }, 'a different key is still in the data folder; the one in the keys folder is used (remove the old one once it is no longer needed)');
      return;
    }
  }
  await chmod(to, 0o600);
  await unlink(from);
  place.log?.info({ from, to }, 'moved a key out of the data folder into the keys folder (KEYS_DIR)');
};

/**
 * The key file `name` in the keys folder: moved there from the data folder when it was kept there before, generated
 * with `create()` on first use (mode 0600). `wx`: when two processes start together, the second reads the first one's
 * key instead of overwriting it.
 */
export const readOrCreateKeyFile = async (place: KeyPlace, name: string, create: () => string): Promise<string> => {
  await ensureKeysDir(place);
  await moveLegacyKey(place, name);
  const file = join(place.keysDir, name);
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (!missing(error)) throw error;
  }
  const content = create();
  try {
    await writeFile(file, content, { mode: 0o600, flag: 'wx' });
    return content;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFile(file, 'utf8');
  }
};
