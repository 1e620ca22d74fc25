import { z } from 'zod';
import { ApiError, validationFailed, type FieldErrors } from '../errors';
import type { RecordFields } from '../records';

// Limits the spec leaves open ("not shown"); documented in the README.
export const LIMITS = {
  title: 500,
  slug: 200,
  excerpt: 5_000,
  metaTitle: 300,
  metaDescription: 1_000,
  url: 2_048,
  tags: 100,
} as const;

// SQLite stores UTF-8, so a lone surrogate would come back as U+FFFD: refuse it instead.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const wellFormed = z
  .string({ error: 'must be a string' })
  .refine((value) => !LONE_SURROGATE.test(value), { error: 'must be well-formed Unicode' });

const text = (max: number) => wellFormed.max(max, { error: `must be at most ${max} characters` });

const httpUrl = wellFormed
  .max(LIMITS.url, { error: `must be at most ${LIMITS.url} characters` })
  .refine(
    (value) => {
      if (!URL.canParse(value)) return false;
      const { protocol } = new URL(value);
      return protocol === 'http:' || protocol === 'https:';
    },
    { error: 'must be an absolute http or https URL' },
  );

const recordId = z
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .positive({ error: 'must be a positive id' });

const createFields = {
  title: text(LIMITS.title),
  content: z
    .string({ error: 'must be a string of HTML' })
    .refine((value) => !LONE_SURROGATE.test(value), { error: 'must be well-formed Unicode' }),
  slug: text(LIMITS.slug),
  excerpt: text(LIMITS.excerpt).nullable(),
  status: z.enum(['draft', 'publish'], { error: "must be 'draft' or 'publish'" }),
  category: recordId.nullable(),
  tags: z
    .array(recordId, { error: 'must be an array of tag ids' })
    .max(LIMITS.tags, { error: `must hold at most ${LIMITS.tags} tags` }),
  // The spec sends a boolean; 0/1 is accepted because responses use it.
  featured: z
    .union([z.boolean(), z.literal(0), z.literal(1)], { error: 'must be true or false' })
    .transform((value) => value === true || value === 1),
  meta_title: text(LIMITS.metaTitle).nullable(),
  meta_description: text(LIMITS.metaDescription).nullable(),
  featured_image: httpUrl.nullable(),
  canonical_url: httpUrl.nullable(),
};

const recordBody = z.object(createFields).partial();

/** Reads a create or update body: a JSON object whose known fields have the right types. */
export function parseRecordBody(body: unknown): RecordFields {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body))
    throw new ApiError(400, 'The request body must be a JSON object');
  const result = recordBody.safeParse(body);
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'body');
    (errors[field] ??= []).push(issue.message);
  }
  throw validationFailed(errors);
}
