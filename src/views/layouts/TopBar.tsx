/** The top bar of the admin and business areas: home link, navigation with the current page highlighted, actions. */
import type { ReactNode } from 'react';
import { Document } from '../Document';

export interface NavItem {
  href: string;
  label: string;
}

/** The home item is current only on its own path; the others also on their sub-paths. */
export function isCurrent(href: string, path: string, home: string): boolean {
  return href === home ? path === home : path === href || path.startsWith(`${href}/`);
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
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className={`mx-auto flex h-14 ${width} items-center gap-4 px-4`}>
          <a href={home} className="flex shrink-0 items-center gap-2 font-semibold text-slate-900">
            {brand}
          </a>
          <nav aria-label={navLabel} className="-mx-1 flex min-w-0 flex-1 gap-1 overflow-x-auto">
            {items.map((item) => {
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
            })}
          </nav>
          <div className="flex shrink-0 items-center gap-2">{actions}</div>
        </div>
      </header>
      <main className={`mx-auto ${width} px-4 py-8`}>{children}</main>
    </Document>
  );
}
