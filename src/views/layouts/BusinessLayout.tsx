/** Business pages (spec 2 §2.3): Dashboard, Create Order, Orders, Profile and Logout. */
import type { ReactNode } from 'react';
import { StoreIcon } from '../../../islands/lib/icons';
import { LogoutButton } from '../components/ui';
import { useView } from '../context';
import { Document } from '../Document';
import { isCurrent } from './AdminLayout';

export const BUSINESS_NAV = [
  { href: '/restaurant', label: 'Dashboard' },
  { href: '/restaurant/create-order', label: 'Create Order' },
  { href: '/restaurant/orders', label: 'Orders' },
  { href: '/restaurant/profile', label: 'Profile' },
] as const;

/** '/dashboard', '/orders'… are aliases of the '/restaurant…' paths (spec 2 §2.1). */
const ALIASES: Record<string, string> = {
  '/dashboard': '/restaurant',
  '/orders': '/restaurant/orders',
  '/create-order': '/restaurant/create-order',
  '/profile': '/restaurant/profile',
};

export function BusinessLayout({ title, children }: { title: string; children: ReactNode }) {
  const { path, user } = useView();
  const canonical = ALIASES[path] ?? path;
  return (
    <Document title={title}>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-4 px-4">
          <a href="/restaurant" className="flex shrink-0 items-center gap-2 font-semibold">
            <StoreIcon className="text-brand-600" />
            <span className="hidden max-w-48 truncate sm:inline">{user?.name ?? 'Business'}</span>
          </a>
          <nav aria-label="Business" className="flex min-w-0 flex-1 gap-1 overflow-x-auto">
            {BUSINESS_NAV.map((item) => {
              const current = isCurrent(item.href, canonical, '/restaurant');
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
          <LogoutButton />
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8">{children}</main>
    </Document>
  );
}
