import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { DraftFieldsView } from '../../../../shared/model';
import { knownTagsQuery } from '../records/queries';
import { FIELD_LABELS } from './field-labels';
import { Disclosure } from '../../ui/Disclosure';
import { sentence } from '../../ui/errors';
import { TagPicker } from './TagPicker';
import { readUrlEntry } from './url-field';

interface Props {
  initial: DraftFieldsView;
  publicationId: string;
  onChange(patch: Partial<DraftFieldsView>): void;
  /** The service's slug, shown while the writer has set none. */
  serviceSlug?: string | null;
  /** Whether an empty slug still follows the title (never published). */
  slugFollowsTitle?: boolean;
  /** The slug stays because someone chose it on the service, not because it was published. */
  slugChosenElsewhere?: boolean;
  /** What the service said of the fields it named when it last refused the draft. */
  refused?: Readonly<Record<string, readonly string[]>> | null;
  /** The stored draft is being replaced or deleted: nothing typed here would be kept. */
  readOnly?: boolean;
}

/** The panel's fields, by the name the service gives them in a refusal. */
export const PANEL_FIELDS = [
  'slug',
  'excerpt',
  'tags',
  'category',
  'featured',
  'meta_title',
  'meta_description',
  'featured_image',
  'canonical_url',
] as const;

export const refusesPanelField = (refused: DraftRefusal): boolean =>
  PANEL_FIELDS.some((field) => (refused?.[field]?.length ?? 0) > 0);

/** The labels of the panel's fields the service refused, in the panel's order. */
export const refusedPanelLabels = (refused: DraftRefusal): string[] =>
  PANEL_FIELDS.filter((field) => (refused?.[field]?.length ?? 0) > 0).map(
    (field) => FIELD_LABELS[field] ?? field,
  );

type DraftRefusal = Props['refused'];

/** Said beside the field the service named; the alert above the title says it once, aloud. */
function Refusal({ id, said }: { id: string; said: readonly string[] | undefined }) {
  if (!said?.length) return null;
  return (
    <span id={id} className="field-error">
      Refused by the service: {said.map(sentence).join(' ')}
    </span>
  );
}

/** The props that mark a field the service refused, and tie it to what was said. */
const refusalAria = (id: string, said: readonly string[] | undefined, describedBy?: string) =>
  said?.length
    ? {
        'aria-invalid': true as const,
        'aria-describedby': [describedBy, id].filter(Boolean).join(' '),
      }
    : describedBy
      ? { 'aria-describedby': describedBy }
      : {};

const nullable = (value: string): string | null => (value.trim() === '' ? null : value.trim());

function Hint({
  id,
  value,
  ideal,
  max,
}: {
  id: string;
  value: string;
  ideal: number;
  max: number;
}) {
  const length = value.length;
  const tone = length > max ? 'over' : length > ideal ? 'long' : 'ok';
  return (
    <span id={id} className={`length-hint ${tone}`}>
      {length}/{ideal} characters
      {length > max
        ? ` — more than the ${max} it can hold: shorten it`
        : length === max
          ? ` — the most it can hold: typing stops at ${max}`
          : length > ideal
            ? ' — search engines may cut it'
            : ''}
    </span>
  );
}

/**
 * Slug, excerpt, tags, category, featured, meta title and description, featured image and
 * canonical URL. Uncontrolled inputs: typing here never re-renders the editor.
 */
export function MetadataPanel({
  initial,
  publicationId,
  onChange,
  serviceSlug,
  slugFollowsTitle = true,
  slugChosenElsewhere = false,
  refused,
  readOnly = false,
}: Props) {
  const slugHint = useId();
  const refusalId = useId();
  // The line under Slug spoke of an empty field while the writer's own slug was in it (a
  // writer's review): it says what theirs becomes on the service, then what an empty one does.
  const [typedSlug, setTypedSlug] = useState(initial.slug?.trim() ?? '');
  const ifEmpty =
    slugFollowsTitle || !serviceSlug
      ? `it is made from the title and follows it until the first publish`
      : slugChosenElsewhere
        ? `it stays ${serviceSlug}: it was set on the service, so it no longer follows the title`
        : `it stays ${serviceSlug}: it has been published, and links point at it`;
  // Here rather than in the editor host, so the answer re-renders this panel only.
  const { data: knownTags } = useQuery(knownTagsQuery(publicationId));
  const said = (field: (typeof PANEL_FIELDS)[number]) => refused?.[field];
  const idOf = (field: string) => `${refusalId}-${field}`;
  return (
    <Disclosure
      title="Details and search"
      className="metadata"
      openWhen={refusesPanelField(refused)}
    >
      {/* One switch for every field, the tag picker's too; laid out as if it were not there. */}
      <fieldset className="metadata-fields" disabled={readOnly}>
        <label>
          Slug
          <input
            maxLength={200}
            defaultValue={initial.slug ?? ''}
            placeholder={serviceSlug ?? ''}
            {...refusalAria(idOf('slug'), said('slug'), slugHint)}
            onChange={(e) => {
              setTypedSlug(e.target.value.trim());
              onChange({ slug: e.target.value.trim() || undefined });
            }}
          />
        </label>
        <span id={slugHint} className="length-hint">
          {typedSlug
            ? `Yours${serviceSlug ? ` (on the service: ${serviceSlug})` : ''}. Emptied, ${ifEmpty}.`
            : `Left empty, ${ifEmpty}${slugFollowsTitle || !serviceSlug ? (serviceSlug ? ` (now: ${serviceSlug})` : '') : ''}.`}
        </span>
        <Refusal id={idOf('slug')} said={said('slug')} />
        <label>
          Excerpt
          <textarea
            rows={2}
            maxLength={5000}
            defaultValue={initial.excerpt ?? ''}
            {...refusalAria(idOf('excerpt'), said('excerpt'))}
            onChange={(e) => onChange({ excerpt: nullable(e.target.value) })}
          />
        </label>
        <Refusal id={idOf('excerpt')} said={said('excerpt')} />
        <TagPicker
          initial={initial.tags ?? []}
          known={knownTags ?? []}
          refused={said('tags')}
          onChange={(tags) => onChange({ tags })}
        />
        <CategoryField
          initial={initial.category ?? null}
          refused={said('category')}
          onChange={(category) => onChange({ category })}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            defaultChecked={initial.featured ?? false}
            {...refusalAria(idOf('featured'), said('featured'))}
            onChange={(e) => onChange({ featured: e.target.checked })}
          />
          Featured
        </label>
        <Refusal id={idOf('featured')} said={said('featured')} />
        <MetaText
          label="Meta title"
          initial={initial.meta_title ?? ''}
          ideal={60}
          max={300}
          refused={said('meta_title')}
          onChange={(v) => onChange({ meta_title: nullable(v) })}
        />
        <MetaText
          label="Meta description"
          initial={initial.meta_description ?? ''}
          ideal={160}
          max={1000}
          multiline
          refused={said('meta_description')}
          onChange={(v) => onChange({ meta_description: nullable(v) })}
        />
        <UrlField
          label="Featured image URL"
          initial={initial.featured_image ?? ''}
          refused={said('featured_image')}
          onChange={(value) => onChange({ featured_image: value })}
        />
        <UrlField
          label="Canonical URL"
          initial={initial.canonical_url ?? ''}
          refused={said('canonical_url')}
          onChange={(value) => onChange({ canonical_url: value })}
        />
      </fieldset>
    </Disclosure>
  );
}

/**
 * A half-typed address is said inline and not handed on: the draft keeps saving with the last
 * valid one, instead of every save (text included) being refused for one field.
 */
function UrlField(props: {
  label: string;
  initial: string;
  refused?: readonly string[];
  onChange(value: string | null): void;
}) {
  const [error, setError] = useState<string | null>(null);
  // What the draft holds for the field while the one typed is not an address: said as it is
  // (it read "Saved without it" while the last full address stayed, a writer's review).
  const [kept, setKept] = useState(props.initial.trim());
  const errorId = useId();
  const nameId = useId();
  const refusalId = useId();
  // Named by its label alone; what is wrong is its description, as with the meta fields.
  return (
    <label>
      <span id={nameId}>{props.label}</span>
      <input
        type="url"
        aria-labelledby={nameId}
        defaultValue={props.initial}
        {...refusalAria(refusalId, props.refused, error ? errorId : undefined)}
        aria-invalid={error || props.refused?.length ? true : undefined}
        onChange={(e) => {
          const entry = readUrlEntry(e.target.value);
          setError(entry.ok ? null : entry.message);
          if (!entry.ok) return;
          setKept(entry.value ?? '');
          props.onChange(entry.value);
        }}
      />
      {error && (
        <span id={errorId} className="field-error" role="status">
          {error}{' '}
          {kept
            ? `Until it is fixed, the draft keeps ${kept}.`
            : 'Until it is fixed, the draft keeps no address here.'}
        </span>
      )}
      <Refusal id={refusalId} said={props.refused} />
    </label>
  );
}

/** A category is a number (the service names none); anything else is said, not saved. */
function CategoryField(props: {
  initial: number | null;
  refused?: readonly string[];
  onChange(value: number | null): void;
}) {
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const nameId = useId();
  const refusalId = useId();
  return (
    <label>
      <span id={nameId}>Category id</span>
      <input
        inputMode="numeric"
        aria-labelledby={nameId}
        defaultValue={props.initial ?? ''}
        {...refusalAria(refusalId, props.refused, error ? errorId : undefined)}
        aria-invalid={error || props.refused?.length ? true : undefined}
        onChange={(e) => {
          const entry = e.target.value.trim().replace(/^#/, '');
          const id = /^\d+$/.test(entry) ? Number(entry) : NaN;
          if (entry !== '' && !(Number.isSafeInteger(id) && id > 0))
            return setError('A category id is a whole number, 1 or more.');
          setError(null);
          props.onChange(entry === '' ? null : id);
        }}
      />
      {error && (
        <span id={errorId} className="field-error" role="status">
          {error} Saved as it was until then.
        </span>
      )}
      <Refusal id={refusalId} said={props.refused} />
    </label>
  );
}

function MetaText(props: {
  label: string;
  initial: string;
  ideal: number;
  max: number;
  multiline?: boolean;
  refused?: readonly string[];
  onChange(v: string): void;
}) {
  const [value, setValue] = useState(props.initial);
  const change = (next: string) => {
    setValue(next);
    props.onChange(next);
  };
  // Named by its label alone, the count as its description: not "Meta title 0/60 characters".
  const nameId = useId();
  const hintId = useId();
  const refusalId = useId();
  const aria = { 'aria-labelledby': nameId, ...refusalAria(refusalId, props.refused, hintId) };
  return (
    <label>
      <span id={nameId}>{props.label}</span>
      {props.multiline ? (
        <textarea
          rows={2}
          maxLength={props.max}
          value={value}
          onChange={(e) => change(e.target.value)}
          {...aria}
        />
      ) : (
        <input
          maxLength={props.max}
          value={value}
          onChange={(e) => change(e.target.value)}
          {...aria}
        />
      )}
      <Hint id={hintId} value={value} ideal={props.ideal} max={props.max} />
      <Refusal id={refusalId} said={props.refused} />
    </label>
  );
}
