/** Admin dashboard (spec 1-foundations-and-admin.md §2.6): order, courier and restaurant figures, all from SQL. */
import { Hono } from 'hono';
import { PackageIcon, StoreIcon, UsersIcon } from '../../shared/icons';
import { adminDashboardStats } from '../../db/dashboard';
import { formatUsd } from '../../domain/money';
import type { AppEnv } from '../../env';
import { requirePage } from '../../http/guards';
import { Card, LogoutButton, PageHeader } from '../../views/components/ui';
import { adminPage } from './page';

const dashboard = new Hono<AppEnv>();

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
      <dd className="text-xs text-slate-500">{note}</dd>
    </div>
  );
}

dashboard.get('/', requirePage('admin'), (c) =>
  adminPage(c, {
    title: 'Dashboard',
    partials: {
      stats: {
        render: async () => {
          const { orders, activeCouriers, activeRestaurants } = await adminDashboardStats(c.var.db);
          return (
            <div className="grid gap-4 lg:grid-cols-4">
              <Card title="Orders Overview" icon={<PackageIcon />} className="lg:col-span-2">
                <dl className="grid gap-4 sm:grid-cols-3">
                  <Figure label="Active Orders" value={String(orders.activeCount)} note={`of ${orders.ordersCount} total`} />
                  <Figure label="Order Amount" value={formatUsd(orders.completedAmountCents)} note="total value" />
                  <Figure label="Delivery Cost" value={formatUsd(orders.completedCourierPayCents)} note={`+ ${formatUsd(orders.completedTipCents)} tips`} />
                </dl>
              </Card>
              <Card title="Couriers" icon={<UsersIcon />}>
                <p className="text-3xl font-bold tabular-nums">{activeCouriers}</p>
                <p className="text-xs text-slate-500">Active delivery partners</p>
              </Card>
              <Card title="Restaurants" icon={<StoreIcon />}>
                <p className="text-3xl font-bold tabular-nums">{activeRestaurants}</p>
                <p className="text-xs text-slate-500">Partner restaurants</p>
              </Card>
            </div>
          );
        },
        fallback: (
          <div className="grid gap-4 lg:grid-cols-4" aria-label="Loading">
            <div className="skeleton h-36 lg:col-span-2" />
            <div className="skeleton h-36" />
            <div className="skeleton h-36" />
          </div>
        ),
      },
    },
    body: (slot) => (
      <>
        <PageHeader title="Dashboard" subtitle="Overview of orders and operations" actions={<LogoutButton className="btn btn-outline" />} />
        {slot('stats')}
      </>
    ),
  }),
);

export default dashboard;
