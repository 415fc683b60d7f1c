import { z } from 'zod';

/**
 * The JSON Schema of a field whose rule zod holds in a refinement or a transform, which OpenAPI generators cannot
 * read: without it docs/openapi.json offered `pageSize: 0`, any text as `country` and a blank `host` as valid, and
 * the clients and fuzzers that trust it sent them. It replaces what the generator wrote for the field (a default
 * and a description stay), so it says the whole rule.
 */
export interface OpenApiHint {
  type: 'integer' | 'string';
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  /** ECMA-262, unanchored unless it says `^` and `$`, as JSON Schema reads it. */
  pattern?: string;
  enum?: string[];
  anyOf?: OpenApiHint[];
}

/** A regular expression's source without its `^` and `$`, to put inside a hint's longer pattern. */
export const unanchored = (pattern: RegExp): string => pattern.source.replace(/^\^|\$$/g, '');

// eslint-disable-next-line state/no-module-state -- written while the contract's modules load, like a schema's .describe(), then only read
const hints = new WeakMap<z.ZodTypeAny, OpenApiHint>();

/** Gives `schema` the JSON Schema `hint` in the OpenAPI document; answers the same schema. */
export function withOpenApiHint<T extends z.ZodTypeAny>(schema: T, hint: OpenApiHint): T {
  hints.set(schema, hint);
  return schema;
}

/** The hint of a field's schema, through `.optional()`, `.nullable()` and `.default()`. */
export function openApiHintOf(schema: unknown): OpenApiHint | undefined {
  let current = schema;
  while (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault) {
    current = (current._def as { innerType: unknown }).innerType;
  }
  return current instanceof z.ZodType ? hints.get(current) : undefined;
}
