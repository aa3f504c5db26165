/** Business pages (spec 2-business-area.md §2.3): Dashboard, Create Order, Orders, Profile and Logout. */
import type { ReactNode } from 'react';
import { StoreIcon } from '../../shared/icons';
import { LogoutButton } from '../components/ui';
import { useView } from '../context';
import { TopBarPage } from './TopBar';

export const BUSINESS_NAV = [
  { href: '/restaurant', label: 'Dashboard' },
  { href: '/restaurant/create-order', label: 'Create Order' },
  { href: '/restaurant/orders', label: 'Orders' },
  { href: '/restaurant/profile', label: 'Profile' },
] as const;

/** '/dashboard', '/orders'… are aliases of the '/restaurant…' paths (spec 2-business-area.md §2.1). */
const ALIASES: Record<string, string> = {
  '/dashboard': '/restaurant',
  '/orders': '/restaurant/orders',
  '/create-order': '/restaurant/create-order',
  '/profile': '/restaurant/profile',
};

export function BusinessLayout({ title, children }: { title: string; children: ReactNode }) {
  const { path, user } = useView();
  return (
    <TopBarPage
      title={title}
      home="/restaurant"
      brand={
        <>
          <StoreIcon className="text-brand-600" />
          {/* On phones only the icon shows; the name still names the link. */}
          <span className="sr-only sm:not-sr-only sm:max-w-48 sm:truncate">{user?.name ?? 'Business'}</span>
        </>
      }
      navLabel="Business"
      items={BUSINESS_NAV}
      path={ALIASES[path] ?? path}
      actions={<LogoutButton />}
      width="max-w-6xl"
    >
      {children}
    </TopBarPage>
  );
}
