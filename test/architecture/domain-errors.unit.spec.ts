import { readFileSync } from 'node:fs';
import { basename, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modules, root, sources } from './module-sources.ts';


/**
 * A module's HTTP face: the files that register its routes (`routes.ts`, `<name>-routes.ts`, such as
 * `admin-routes.ts`). Only these may build HTTP errors; a route guard is `config.auth` in them.
 */
const isHttpFile = (path: string): boolean => /^(?:[a-z0-9-]+-)?routes\.ts$/.test(basename(path));

/** The lines of `source` that import `platform/http/errors.ts` (relative or through `#platform`), statically or not. */
const httpErrorImports = (source: string): string[] =>
  source.split('\n').filter((line) => /(?:from\s+|import\s*\(\s*|import\s+)['"](?:[./]*\/)?(?:#)?platform\/http\/errors(?:\.ts)?['"]/.test(line));

/**
 * Domain refusals are not HTTP errors (issue 18): deciders, commands, flows, reactions, workers and adapters in a module
 * refuse with `DomainError` (`platform/commands/domain-error.ts`); only the HTTP layer maps them to statuses
 * (`platform/http/domain-errors.ts`). `platform/http/errors.ts` (AppError and its helpers) is for route files only.
 */
describe('architecture: domain refusals are not HTTP errors', () => {
  it('no module file but a route file imports platform/http/errors.ts', () => {
    const offenders = sources(modules)
      .filter((path) => !isHttpFile(path))
      .flatMap((path) => httpErrorImports(readFileSync(path, 'utf8')).map((line) => `${relative(root, path)}: ${line.trim()}`));
    expect(offenders).toEqual([]);
  });

  it('every decider refuses with domain errors only', () => {
    const deciders = sources(modules).filter((path) => basename(path) === 'decider.ts');
    expect(deciders.length).toBeGreaterThan(20);
    const offenders = deciders.filter((path) => /\b(?:AppError|RetryLaterError)\b|platform\/http\/errors/.test(readFileSync(path, 'utf8')));
    expect(offenders.map((path) => relative(root, path))).toEqual([]);
  });

  it('catches the shapes it looks for', () => {
    expect(httpErrorImports("import { AppError } from '../../../platform/http/errors.ts';")).toHaveLength(1);
    expect(httpErrorImports("import { badRequest, notFound } from '../../platform/http/errors.ts';")).toHaveLength(1);
    expect(httpErrorImports("import { conflict } from '#platform/http/errors.ts';")).toHaveLength(1);
    expect(httpErrorImports("const { AppError } = await import('../../../platform/http/errors.ts');")).toHaveLength(1);
    expect(httpErrorImports("import type { AppError } from '../../../platform/http/errors.ts';")).toHaveLength(1);
    expect(httpErrorImports("import { DomainError } from '../../../platform/commands/domain-error.ts';")).toEqual([]);
    expect(httpErrorImports("import { ownedThing } from '../../../platform/http/access.ts';")).toEqual([]);
    expect(isHttpFile('services/src/modules/nhd/order/routes.ts')).toBe(true);
    expect(isHttpFile('services/src/modules/plans/plan/admin-routes.ts')).toBe(true);
    expect(isHttpFile('services/src/modules/nhd/order/decider.ts')).toBe(false);
    expect(isHttpFile('services/src/modules/nhd/order/commands.ts')).toBe(false);
    expect(isHttpFile('services/src/modules/nhd/order/routes-helpers.ts')).toBe(false);
  });
});
