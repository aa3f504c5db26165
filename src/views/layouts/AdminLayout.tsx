/** Admin pages (spec 1-foundations-and-admin.md §2.5): top navigation with the current link highlighted, the bell, Logout. */
import type { ReactNode } from 'react';
import { TruckIcon } from '../../shared/icons';
import { LogoutButton } from '../components/ui';
import { useView } from '../context';
import { TopBarPage } from './TopBar';

export const ADMIN_NAV = [
  { href: '/admin', label: 'Dashboard' },
  { href: '/admin/zones', label: 'Zones' },
  { href: '/admin/orders', label: 'Orders' },
  { href: '/admin/couriers', label: 'Couriers' },
  { href: '/admin/courier-tracking', label: 'GPS Tracking' },
  { href: '/admin/restaurants', label: 'Restaurants' },
  { href: '/admin/earnings', label: 'Earnings' },
  { href: '/admin/messages', label: 'Messages' },
] as const;

export function AdminLayout({ title, bell, children }: { title: string; bell: ReactNode; children: ReactNode }) {
  const { path } = useView();
  return (
    <TopBarPage
      title={title}
      home="/admin"
      brand={
        <>
          <TruckIcon className="text-brand-600" />
          <span className="hidden sm:inline">Dispatch Admin</span>
        </>
      }
      navLabel="Admin"
      items={ADMIN_NAV}
      path={path}
      actions={
        <>
          {/* The dispatcher's opt-in alerts: wired by the page runtime (islands/runtime/alerts.ts), no React. */}
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            data-dispatch-alerts=""
            aria-pressed="false"
            title="Turn on alerts for new orders and the orders that need you"
          >
            Alerts off
          </button>
          {bell}
          <LogoutButton />
        </>
      }
      width="max-w-7xl"
    >
      {children}
    </TopBarPage>
  );
}
