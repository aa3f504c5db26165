/**
 * A list's search box: a GET form that asks the page again with the text as `name`,
 * either swapping one region (`target`) or, without one, as a new page. `keep` carries
 * the page's other choices along.
 */
import type { RegionName } from '../../shared/partials';

export function SearchForm({
  action,
  name,
  label,
  value,
  maxLength,
  button,
  target,
  placeholder,
  keep = {},
  formLabel,
}: {
  action: string;
  name: string;
  label: string;
  value: string | null | undefined;
  maxLength: number;
  button: string;
  target?: RegionName;
  placeholder?: string;
  keep?: Record<string, string>;
  /** The search landmark's name, when the page has more than one. */
  formLabel?: string;
}) {
  const id = `${action.replace(/\W+/g, '-').replace(/^-/, '')}-${name}`;
  return (
    <form role="search" method="get" action={action} data-partial-target={target} aria-label={formLabel} className="flex flex-wrap items-end gap-2">
      {Object.entries(keep).map(([key, kept]) => (
        <input key={key} type="hidden" name={key} value={kept} />
      ))}
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="label">
          {label}
        </label>
        <input
          id={id}
          name={name}
          type="search"
          defaultValue={value ?? ''}
          maxLength={maxLength}
          placeholder={placeholder}
          className="input"
          autoComplete="off"
        />
      </div>
      <button type="submit" className="btn btn-primary">
        {button}
      </button>
    </form>
  );
}
