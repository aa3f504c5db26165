/**
 * The top bar of the admin and business areas: home link, navigation with the current page
 * highlighted, actions. Below 1024 px the links move into a Menu (a native popover, so no
 * island): every page stays one tap away on a tablet instead of being cut off (issue 14).
 */
import type { ReactNode } from 'react';
import { MenuIcon } from '../../shared/icons';
import { Main, SkipLink } from '../components/ui';
import { Document } from '../Document';

export interface NavItem {
  href: string;
  label: string;
}

/** The home item is current only on its own path; the others also on their sub-paths. */
export function isCurrent(href: string, path: string, home: string): boolean {
  return href === home ? path === home : path === href || path.startsWith(`${href}/`);
}

function NavLinks({ items, path, home }: { items: readonly NavItem[]; path: string; home: string }) {
  return items.map((item) => {
    const current = isCurrent(item.href, path, home);
    return (
      <a
        key={item.href}
        href={item.href}
        aria-current={current ? 'page' : undefined}
        className={`rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap ${
          current ? 'bg-slate-900 text-white' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
        }`}
      >
        {item.label}
      </a>
    );
  });
}

export function TopBarPage({
  title,
  home,
  brand,
  navLabel,
  items,
  path,
  actions,
  width,
  children,
}: {
  title: string;
  home: string;
  brand: ReactNode;
  navLabel: string;
  items: readonly NavItem[];
  /** The page's path as the navigation knows it (aliases resolved). */
  path: string;
  actions: ReactNode;
  width: 'max-w-6xl' | 'max-w-7xl';
  children: ReactNode;
}) {
  return (
    <Document title={title}>
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className={`mx-auto flex h-14 ${width} items-center gap-4 px-4`}>
          <a href={home} className="flex shrink-0 items-center gap-2 font-semibold text-slate-900">
            {brand}
          </a>
          <nav aria-label={navLabel} className="-mx-1 hidden min-w-0 flex-1 gap-1 lg:flex">
            <NavLinks items={items} path={path} home={home} />
          </nav>
          <div className="flex-1 lg:hidden">
            <button type="button" popoverTarget="site-menu" className="btn btn-outline btn-sm gap-2" aria-label={`${navLabel} menu`}>
              <MenuIcon />
              Menu
            </button>
            <nav
              id="site-menu"
              popover="auto"
              aria-label={`${navLabel} menu`}
              className="fixed inset-auto top-14 left-4 m-0 w-64 rounded-lg border border-slate-200 bg-white p-2 text-slate-900 shadow-lg"
            >
              <div className="flex flex-col gap-1">
                <NavLinks items={items} path={path} home={home} />
              </div>
            </nav>
          </div>
          <div className="flex shrink-0 items-center gap-2">{actions}</div>
        </div>
      </header>
      <Main className={`mx-auto ${width} px-4 py-8`}>{children}</Main>
    </Document>
  );
}
