import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modules, root, sources } from './module-sources.ts';


/**
 * A 403 written by hand in a module: `new AppError(403, ...)`, `new DomainError('forbidden', ...)`, a module's own
 * `refuse(403 | 'forbidden', ...)`, or a `*_FORBIDDEN` code.
 */
const handMade403 = (source: string): string[] =>
  source.split('\n').filter((line) => /\b(?:AppError|DomainError|refuse\w*)\(\s*(?:403\b|'forbidden')/.test(line) || (/'[A-Z_]+_FORBIDDEN'/.test(line) && !line.includes('seenButNotAllowed(')));

/**
 * Another account's things are "not found" (`shared/spec/DECISIONS.md`): a module never answers 403 for a thing the
 * caller may not see. Its access check is `ownedThing` (`services/src/platform/http/access.ts`), which answers the 404 of
 * an unknown id; a 403 on a thing is `seenButNotAllowed`, for a caller who already sees it. Role refusals come from the
 * route guard (`config.auth`).
 */
describe('architecture: another account’s things are not found', () => {
  it('no module writes a 403 of its own: access checks go through platform/http/access.ts', () => {
    const offenders = sources(modules).flatMap((path) => handMade403(readFileSync(path, 'utf8')).map((line) => `${relative(root, path)}: ${line.trim()}`));
    expect(offenders).toEqual([]);
  });

  it('catches the shapes it looks for', () => {
    expect(handMade403("  if (!mine) throw new AppError(403, 'ORDER_FORBIDDEN', 'This order is not yours.');")).toHaveLength(1);
    expect(handMade403("throw refuse(403, 'THING_FORBIDDEN', 'Not yours.')")).toHaveLength(1);
    expect(handMade403("if (!mine) throw new DomainError('forbidden', 'NOT_YOURS', 'This order is not yours.');")).toHaveLength(1);
    expect(handMade403("throw refuse('forbidden', 'NOT_YOURS', 'Not yours.')")).toHaveLength(1);
    expect(handMade403("const forbidden = () => new AppError(409 + 0, 'THING_FORBIDDEN', 'Not yours.');")).toHaveLength(1);
    expect(handMade403("throw seenButNotAllowed('ALERT_FORBIDDEN', 'Only the member answers it.');")).toEqual([]);
    expect(handMade403("throw new AppError(404, 'ORDER_NOT_FOUND', 'This order was not found.');")).toEqual([]);
  });
});
