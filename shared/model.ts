import { z } from 'zod';

export type RecordKind = 'post' | 'page';
export type RecordStatus = 'draft' | 'publish';
export const RECORD_KINDS: readonly RecordKind[] = ['post', 'page'];
export const pluralOf = (kind: RecordKind): 'posts' | 'pages' =>
  kind === 'post' ? 'posts' : 'pages';

// The service's model says id is a string while its example shows a number: accept both.
const numericId = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^\d+$/)
    .transform((value) => Number(value)),
]);
const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');
const optionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

export const tagSchema = z.object({
  id: numericId,
  name: z.string(),
  slug: z.string().default(''),
});

export type Tag = z.infer<typeof tagSchema>;

export const authorSchema = z.object({
  id: numericId,
  name: z.string().default(''),
  tagline: z
    .string()
    .nullish()
    .transform((value) => value ?? ''),
  avatar: z
    .string()
    .nullish()
    .transform((value) => value ?? ''),
});

/** A post or page as the service sends it, read tolerantly: absent optional fields become null. */
export const remoteRecordSchema = z.object({
  id: numericId,
  title: z.string().default(''),
  slug: z.string(),
  excerpt: optionalText,
  content: z.string().default(''),
  content_text: z
    .string()
    .nullish()
    .transform((value) => value ?? ''),
  featured_image: optionalText,
  status: z.enum(['draft', 'publish']),
  canonical_url: optionalText,
  meta_title: optionalText,
  meta_description: optionalText,
  featured: flag.default(false),
  created_at: optionalText,
  updated_at: z.string(),
  published_at: optionalText,
  reading_time: z
    .number()
    .nullish()
    .transform((value) => value ?? 0),
  tags: z
    .array(tagSchema)
    .nullish()
    .transform((value) => value ?? []),
  author: authorSchema.nullish().transform((value) => value ?? null),
  category_id: numericId.nullish().transform((value) => value ?? null),
});

export type RemoteRecord = z.infer<typeof remoteRecordSchema>;

export const pageMetaSchema = z.object({
  total: z.number().int().nonnegative(),
  per_page: z.number().int().positive(),
  current_page: z.number().int().positive(),
  last_page: z.number().int().positive(),
});

export type PageMeta = z.infer<typeof pageMetaSchema>;

export interface RecordPage {
  meta: PageMeta;
  records: RemoteRecord[];
}

/** Fields a writer can send on create or update. */
export interface RecordDraftFields {
  title?: string;
  content?: string;
  slug?: string;
  excerpt?: string | null;
  status?: RecordStatus;
  category?: number | null;
  tags?: number[];
  featured?: boolean;
  meta_title?: string | null;
  meta_description?: string | null;
  featured_image?: string | null;
  canonical_url?: string | null;
}

/** The editable fields of a draft as the renderer sees and sends them: title and content always. */
export type DraftFieldsView = RecordDraftFields & { title: string; content: string };
