/** Admin pages (spec 1 §2.5): top navigation with the current link highlighted, the bell, Logout. */
import type { ReactNode } from 'react';
import { TruckIcon } from '../../../islands/lib/icons';
import { LogoutButton } from '../components/ui';
import { useView } from '../context';
import { Document } from '../Document';

export const ADMIN_NAV = [
  { href: '/admin', label: 'Dashboard' },
  { href: '/admin/zones', label: 'Zones' },
  { href: '/admin/orders', label: 'Orders' },
  { href: '/admin/couriers', label: 'Couriers' },
  { href: '/admin/courier-tracking', label: 'GPS Tracking' },
  { href: '/admin/restaurants', label: 'Restaurants' },
  { href: '/admin/earnings', label: 'Earnings' },
] as const;

export function isCurrent(href: string, path: string, home: string): boolean {
  return href === home ? path === home : path === href || path.startsWith(`${href}/`);
}

export function AdminLayout({ title, bell, children }: { title: string; bell: ReactNode; children: ReactNode }) {
  const { path } = useView();
  return (
    <Document title={title}>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-4">
          <a href="/admin" className="flex shrink-0 items-center gap-2 font-semibold text-slate-900">
            <TruckIcon className="text-brand-600" />
            <span className="hidden sm:inline">Dispatch Admin</span>
          </a>
          <nav aria-label="Admin" className="-mx-1 flex min-w-0 flex-1 gap-1 overflow-x-auto">
            {ADMIN_NAV.map((item) => {
              const current = isCurrent(item.href, path, '/admin');
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
          <div className="flex shrink-0 items-center gap-2">
            {bell}
            <LogoutButton />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-8">{children}</main>
    </Document>
  );
}
