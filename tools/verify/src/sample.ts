import { z } from 'zod';

/** Values the verifier knows for a field name (from the seed and the signed-in caller), tried before guesses. */
export type FieldHints = Readonly<Record<string, readonly unknown[]>>;

/** Strings that satisfy most string fields of the contract; each is tried until one parses. */
const STRING_GUESSES = [
  'verify',
  '1',
  '0',
  'true',
  'verify@publisher.test',
  'https://www.example.com/',
  'example.com',
  '2026-01-01',
  '2026-01-01T00:00:00.000Z',
  'Verify Bot',
  '000000000000000000000001',
];

const NUMBER_GUESSES = [1, 0, 10, 100, 2026];

const parses = (schema: z.ZodTypeAny, value: unknown): boolean => schema.safeParse(value).success;

/** The schema a wrapper (refinement, transform, pipeline, default, lazy, ...) is built on, for guessing. */
function inner(schema: z.ZodTypeAny): z.ZodTypeAny | undefined {
  if (schema instanceof z.ZodEffects) return schema.innerType() as z.ZodTypeAny;
  if (schema instanceof z.ZodPipeline) return schema._def.in as z.ZodTypeAny;
  if (schema instanceof z.ZodBranded) return schema.unwrap() as z.ZodTypeAny;
  if (schema instanceof z.ZodLazy) return schema.schema as z.ZodTypeAny;
  if (schema instanceof z.ZodCatch) return schema.removeCatch() as z.ZodTypeAny;
  if (schema instanceof z.ZodReadonly) return schema.unwrap() as z.ZodTypeAny;
  return undefined;
}

/** A field is required when `undefined` does not parse. */
export const isRequired = (schema: z.ZodTypeAny): boolean => !parses(schema, undefined);

/** The object shape under any wrappers, or undefined when the schema is not an object. */
export function objectShape(schema: z.ZodTypeAny): Record<string, z.ZodTypeAny> | undefined {
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodTypeAny>;
  const wrapped = inner(schema);
  return wrapped ? objectShape(wrapped) : undefined;
}

/** The names of an object schema's required fields, in declaration order. */
export function requiredFields(schema: z.ZodTypeAny): string[] {
  const shape = objectShape(schema);
  if (!shape) return [];
  return Object.entries(shape)
    .filter(([, field]) => isRequired(field))
    .map(([name]) => name);
}

/** Candidate values for a schema, best first: hints for the field name, then guesses by the schema's kind. */
function* candidates(schema: z.ZodTypeAny, field: string | undefined, hints: FieldHints): Generator {
  if (field !== undefined) yield* hints[field] ?? [];
  const wrapped = inner(schema);
  if (wrapped) {
    yield* candidates(wrapped, field, hints);
    return;
  }
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    yield* candidates(schema.unwrap() as z.ZodTypeAny, field, hints);
  } else if (schema instanceof z.ZodDefault) {
    yield schema._def.defaultValue();
    yield* candidates(schema.removeDefault() as z.ZodTypeAny, field, hints);
  } else if (schema instanceof z.ZodObject) {
    yield sampleObject(schema as z.AnyZodObject, hints);
  } else if (schema instanceof z.ZodString) {
    yield* STRING_GUESSES;
  } else if (schema instanceof z.ZodNumber) {
    yield* NUMBER_GUESSES;
  } else if (schema instanceof z.ZodBoolean) {
    yield false;
    yield true;
  } else if (schema instanceof z.ZodLiteral) {
    yield schema.value;
  } else if (schema instanceof z.ZodEnum) {
    yield* schema.options as unknown[];
  } else if (schema instanceof z.ZodNativeEnum) {
    yield* Object.values(schema.enum as Record<string, unknown>);
  } else if (schema instanceof z.ZodArray) {
    const element = sample(schema.element as z.ZodTypeAny, undefined, hints);
    if (element !== undefined) yield [element];
    yield [];
  } else if (schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion) {
    for (const option of schema.options as z.ZodTypeAny[]) yield* candidates(option, field, hints);
  } else if (schema instanceof z.ZodIntersection) {
    const left = sample(schema._def.left as z.ZodTypeAny, field, hints);
    const right = sample(schema._def.right as z.ZodTypeAny, field, hints);
    yield { ...(left as object), ...(right as object) };
  } else if (schema instanceof z.ZodRecord) {
    yield {};
  } else if (schema instanceof z.ZodNull) {
    yield null;
  }
}

/** An object with every required field filled in (optional fields left out). */
function sampleObject(schema: z.AnyZodObject, hints: FieldHints): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodTypeAny>)) {
    if (!isRequired(field)) continue;
    const fieldValue = sample(field, name, hints);
    if (fieldValue !== undefined) value[name] = fieldValue;
  }
  return value;
}

/**
 * A small valid input for a schema: the first candidate the schema accepts, or undefined when no candidate
 * does (the route then needs an entry in the override table). The value is the schema's input (what goes on
 * the wire), not its parsed output.
 */
export function sample(schema: z.ZodTypeAny, field: string | undefined, hints: FieldHints): unknown {
  for (const candidate of candidates(schema, field, hints)) {
    if (parses(schema, candidate)) return candidate;
  }
  return undefined;
}
