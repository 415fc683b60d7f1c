import { z } from 'zod';
import { isoDateSchema } from './fields';

/** A boolean sent in a query string: only the literal words true and false. */
export const queryBooleanSchema = z
  .enum(['true', 'false'], { errorMap: () => ({ message: 'must be true or false' }) })
  .transform((value) => value === 'true');

/** A whole number sent in a query string. */
export const queryIntSchema = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/** Largest page a list call returns. */
export const MAX_PAGE_SIZE = 500;

export const DATE_RANGE_MESSAGES = {
  startAfterEnd: 'Start Date cannot be after End Date',
} as const;

/** Adds the "start cannot be after end" rule to any schema with startDate and endDate, keeping its types. */
export function refineDateRange<T extends z.ZodType<{ startDate?: string | undefined; endDate?: string | undefined }, z.ZodTypeDef, unknown>>(
  schema: T,
): z.ZodEffects<T, z.output<T>, z.input<T>> {
  return schema.refine((value) => !value.startDate || !value.endDate || value.startDate <= value.endDate, {
    message: DATE_RANGE_MESSAGES.startAfterEnd,
    path: ['startDate'],
  });
}

export const dateRangeFields = { startDate: isoDateSchema, endDate: isoDateSchema };
