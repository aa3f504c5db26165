/**
 * Courier GPS tracking (spec 1-foundations-and-admin.md §2.12; issue 6): labels in Russian. The first view is
 * rendered with the positions in the database; the island then follows live reports.
 */
import { Hono } from 'hono';
import { activeCouriersWithPositions, activeOrdersForMap } from '../../db/live';
import { precisionOf } from '../../domain/location';
import type { AppEnv } from '../../env';
import { requirePage } from '../../http/guards';
import { openMapConfig } from '../../views/assets';
import { PageHeader } from '../../views/components/ui';
import { Island } from '../../views/Island';
import { adminPage } from './page';

const courierTracking = new Hono<AppEnv>();

courierTracking.get('/', requirePage('admin'), (c) =>
  adminPage(c, {
    title: 'GPS Tracking',
    partials: {
      tracking: {
        fallback: <p className="text-sm text-slate-600">Загрузка курьеров...</p>,
        render: async () => {
          const [couriers, orders] = await Promise.all([activeCouriersWithPositions(c.var.db), activeOrdersForMap(c.var.db)]);
          return (
            <Island
              name="CourierTracking"
              props={{
                couriers,
                orders: orders.map(({ order, restaurantLatitude, restaurantLongitude }) => ({
                  id: order.id,
                  orderNumber: order.orderNumber,
                  courierId: order.courierId,
                  restaurantName: order.restaurantName,
                  restaurantLatitude,
                  restaurantLongitude,
                  customerName: order.customerName,
                  customerLatitude: order.customerLatitude,
                  customerLongitude: order.customerLongitude,
                  customerLocationPrecision: precisionOf(order.customerLatitude, order.customerLongitude, order.customerLocationPrecision),
                })),
                mapsApiKey: c.env.MAPS_API_KEY || null,
                openMap: openMapConfig(c.env),
              }}
            />
          );
        },
      },
    },
    body: (slot) => (
      <>
        <PageHeader title="GPS-отслеживание курьеров" subtitle="Местоположение курьеров на карте в реальном времени" />
        {slot('tracking')}
      </>
    ),
  }),
);

export default courierTracking;
