import { z } from 'zod';

/** `{ success, data, message }`: the spec's response envelope. */
export const okEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data, message: z.string().optional() });

export const ErrorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** Every list in the product answers this shape; 10 is the default page size (DECISIONS.md). */
export const DEFAULT_PAGE_SIZE = 10;
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    page_size: z.number().int().positive(),
  });
export type Page<T> = { items: T[]; total: number; page: number; page_size: number };

export const PageQuery = z.object({
  page: z.coerce.number().int().positive().default(1),
  page_size: z.coerce.number().int().positive().max(100).default(DEFAULT_PAGE_SIZE),
  sort: z.string().optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});
