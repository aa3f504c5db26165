/** Previous / Next for the admin lists: links that load the list's region (plain links without JavaScript). */
import type { Paging } from '../../domain/paging';
import type { RegionName } from '../../shared/partials';

export function Pager({ paging, href, target, label }: { paging: Paging; href: (page: number) => string; target: RegionName; label: string }) {
  if (paging.pages <= 1) return null;
  const link = (page: number, text: string, rel: 'prev' | 'next') =>
    page < 1 || page > paging.pages ? (
      <span className="btn btn-outline btn-sm pointer-events-none opacity-50" aria-disabled="true">
        {text}
      </span>
    ) : (
      <a className="btn btn-outline btn-sm" href={href(page)} rel={rel} data-partial-target={target}>
        {text}
      </a>
    );
  return (
    <nav className="mt-4 flex items-center justify-between gap-2 text-sm" aria-label={`${label} pages`}>
      {link(paging.page - 1, 'Previous', 'prev')}
      <span className="text-slate-600">{`Page ${paging.page} of ${paging.pages}`}</span>
      {link(paging.page + 1, 'Next', 'next')}
    </nav>
  );
}
