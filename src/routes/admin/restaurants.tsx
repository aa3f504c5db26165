/**
 * Restaurants (spec 1-foundations-and-admin.md §2.10): businesses with Total Orders, Revenue and Delivery Fees
 * from the trigger-kept totals, paged in SQL; add and edit (an island); activate, and
 * deactivate unless the business has unfinished orders (the server refuses it too). A
 * business its address put only at a ZIP centre, or nowhere, says so by its address; its
 * Edit opens at the address (decision W10).
 */
import { Hono } from 'hono';
import { DataTable } from '../../shared/DataTable';
import { countRestaurants, listRestaurants, serializeRestaurant } from '../../db/restaurants';
import { versionTag } from '../../db/versions';
import { listPageQuery } from '../../domain/paging';
import { countedPage } from '../../db/countedPage';
import type { AppEnv } from '../../env';
import { requirePage } from '../../http/guards';
import { validate } from '../../http/validate';
import { ActivationButton, ActiveBadge, EditButton } from '../../views/admin/AccountStatus';
import { Pager } from '../../views/admin/Pager';
import { dialogWithZones } from '../../views/admin/zoneChoice';
import { EmptyState, Money, PageHeader, PhoneNumber } from '../../views/components/ui';
import { Island } from '../../views/Island';
import { PlacedAddress } from '../../views/orders/sections';
import { adminPage } from './page';

const restaurants = new Hono<AppEnv>();

const LAPTOP = 'hidden lg:table-cell';

const unfinishedReason = (count: number) =>
  count > 0 ? `Cannot deactivate: ${count} order${count === 1 ? ' is' : 's are'} neither delivered nor cancelled` : null;

restaurants.get('/', requirePage('admin'), validate('query', listPageQuery), (c) => {
  const db = c.var.db;
  const { page } = c.req.valid('query');
  const mapsApiKey = c.env.MAPS_API_KEY || null;
  return adminPage(c, {
    title: 'Restaurants',
    partials: {
      restaurants: {
        history: true,
        // Totals change with orders; the rows with restaurants, their users and zones.
        etag: () => versionTag(db, ['restaurants', 'users', 'orders', 'zones'], 'admin-restaurants', page),
        render: async () => {
          const { pages, rows } = await countedPage(
            page,
            () => countRestaurants(db),
            (pages) => listRestaurants(db, pages),
          );
          if (rows.length === 0) return <EmptyState>No restaurants yet. Add one with Add New Restaurant.</EmptyState>;
          return (
            <>
              <DataTable
                label="Restaurants"
                columns={[
                  'Name',
                  { label: 'Address', className: LAPTOP },
                  { label: 'Phone', className: LAPTOP },
                  'Total Orders',
                  'Revenue',
                  'Delivery Fees',
                  'Status',
                  'Actions',
                ]}
              >
                {rows.map((row) => {
                  const restaurant = serializeRestaurant(row);
                  const address = <PlacedAddress address={restaurant.address} precision={restaurant.locationPrecision} />;
                  return (
                    <tr key={restaurant.id}>
                      <td>
                        <div className="font-medium">{restaurant.name}</div>
                        {/* Below 1024 px address and phone fold under the name, so Status and Actions stay in view (W5). */}
                        <div className="text-xs text-slate-600 lg:hidden">
                          <div>{address}</div>
                          <PhoneNumber phone={restaurant.phone} />
                        </div>
                      </td>
                      <td className={`min-w-48 text-slate-600 ${LAPTOP}`}>{address}</td>
                      <td className={LAPTOP}>
                        <PhoneNumber phone={restaurant.phone} />
                      </td>
                      <td className="tabular-nums">{row.ordersCount}</td>
                      <td className="tabular-nums">
                        <Money cents={row.amountCents} />
                      </td>
                      <td className="tabular-nums">
                        <Money cents={row.deliveryFeeCents} />
                      </td>
                      <td>
                        <ActiveBadge active={row.isActive} />
                      </td>
                      <td>
                        <div className="flex gap-2">
                          <EditButton action="edit-restaurant" payload={restaurant} name={restaurant.name} />
                          <ActivationButton
                            userId={restaurant.userId}
                            active={row.isActive}
                            name={restaurant.name}
                            region="restaurants"
                            success="Restaurant status updated successfully"
                            blockedReason={unfinishedReason(row.unfinishedCount)}
                          />
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </DataTable>
              <Pager paging={pages} href={(number) => `/admin/restaurants?page=${number}`} target="restaurants" label="Restaurants" />
            </>
          );
        },
        fallback: <p className="py-12 text-center text-sm text-slate-500">Loading restaurants...</p>,
      },
      'restaurant-dialog': dialogWithZones(db, 'Add New Restaurant', (zones) => <Island name="RestaurantDialog" props={{ zones, mapsApiKey }} />),
    },
    body: (slot) => (
      <>
        <PageHeader title="Restaurants" actions={slot('restaurant-dialog')} />
        {slot('restaurants')}
      </>
    ),
  });
});

export default restaurants;
