import { useLocation } from 'react-router';

/**
 * Read your own write across a navigation: a command answers the entity with the `version` it wrote; the screen that
 * opens next reads the entity with `?min_version=` that version, and the server waits (bounded) for its read model to
 * hold it, so the new screen never shows the entity as it was before the command.
 */
interface Written {
  written_version: number;
}

/** The router state to navigate with after a command: `navigate(path, { state: writtenState(answer) })`. */
export const writtenState = (view: { version: number }): Written => ({ written_version: view.version });

/** The version the command before this navigation wrote, if it said one. */
export function useWrittenVersion(): number | undefined {
  const { state } = useLocation();
  const version = (state as Partial<Written> | null)?.written_version;
  return typeof version === 'number' && Number.isInteger(version) && version >= 0 ? version : undefined;
}

/** The read's query: `{ min_version }` when a version is known, nothing otherwise. */
export const minVersionQuery = (minVersion: number | undefined): { min_version: number } | undefined =>
  minVersion === undefined ? undefined : { min_version: minVersion };
