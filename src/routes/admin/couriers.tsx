/**
 * Couriers (spec 1-foundations-and-admin.md §2.9): couriers with a linked user, paged in SQL; add, edit (an island) and
 * activate/deactivate. A courier whose licence or insurance expired says so beside its status, since Assign leaves it out (decision W10).
 */
import { Hono } from 'hono';
import { DataTable } from '../../shared/DataTable';
import { countCouriers, documentsToVerify, listCouriersWithHeldOrders, serializeCourier } from '../../db/couriers';
import { DocumentsToVerify } from '../../views/admin/DocumentsToVerify';
import { heldOrdersWarning } from '../../domain/dispatch';
import { expiredDocuments } from '../../domain/documents';
import { versionTag } from '../../db/versions';
import { listPageQuery } from '../../domain/paging';
import { vehicleLabel } from '../../domain/vehicles';
import { countedPage } from '../../db/countedPage';
import type { AppEnv } from '../../env';
import { serviceToday } from '../../http/courier';
import { requirePage } from '../../http/guards';
import { validate } from '../../http/validate';
import { ActivationButton, ActiveBadge, EditButton, ExpiredDocumentsBadge } from '../../views/admin/AccountStatus';
import { Pager } from '../../views/admin/Pager';
import { dialogWithZones } from '../../views/admin/zoneChoice';
import { EmptyState, PageHeader, PhoneNumber } from '../../views/components/ui';
import { Island } from '../../views/Island';
import { adminPage } from './page';

const couriers = new Hono<AppEnv>();

const LAPTOP = 'hidden lg:table-cell';
/** A courier's request to count a new date shows up within a minute. */
const DOCUMENTS_POLL_MS = 60_000;

couriers.get('/', requirePage('admin'), validate('query', listPageQuery), (c) => {
  const db = c.var.db;
  const { page } = c.req.valid('query');
  const today = serviceToday(c);
  return adminPage(c, {
    title: 'Couriers',
    partials: {
      couriers: {
        history: true,
        // A document expires at the turn of the service area's day, with no row changing.
        etag: () => versionTag(db, ['couriers', 'users', 'zones', 'orders'], 'admin-couriers', page, today),
        render: async () => {
          const { pages, rows } = await countedPage(
            page,
            () => countCouriers(db),
            (pages) => listCouriersWithHeldOrders(db, pages),
          );
          if (rows.length === 0) return <EmptyState>No couriers yet. Add one with Add New Courier.</EmptyState>;
          return (
            <>
              <DataTable
                label="Couriers"
                columns={[
                  'Name',
                  { label: 'Username', className: LAPTOP },
                  { label: 'Email', className: LAPTOP },
                  { label: 'Phone', className: LAPTOP },
                  'Vehicle',
                  'Status',
                  'Actions',
                ]}
              >
                {rows.map((row) => (
                  <tr key={row.courier.id}>
                    <td>
                      <div className="font-medium">{row.user.name}</div>
                      {/* Below 1024 px the account's details fold under the name, so Status and Actions stay in view (W5). */}
                      <div className="flex flex-wrap gap-x-1 text-xs text-slate-600 lg:hidden">
                        <span className="break-all">{row.user.username} ·</span>
                        <span className="break-all">{row.courier.email} ·</span>
                        <PhoneNumber phone={row.user.phone} />
                      </div>
                    </td>
                    <td className={LAPTOP}>{row.user.username}</td>
                    <td className={LAPTOP}>{row.courier.email}</td>
                    <td className={LAPTOP}>
                      <PhoneNumber phone={row.user.phone} />
                    </td>
                    <td>{`${vehicleLabel(row.courier.vehicleType)} - ${row.courier.vehicleMake} ${row.courier.vehicleModel}`}</td>
                    <td>
                      <div className="flex flex-wrap gap-1">
                        <ActiveBadge active={row.user.isActive} />
                        <ExpiredDocumentsBadge expired={expiredDocuments(row.courier, today)} />
                      </div>
                    </td>
                    <td>
                      <div className="flex gap-2">
                        <EditButton action="edit-courier" payload={serializeCourier(row)} name={row.user.name} />
                        <ActivationButton
                          userId={row.user.id}
                          active={row.user.isActive}
                          name={row.user.name}
                          region="couriers"
                          success="Courier status updated successfully"
                          confirm={row.user.isActive && row.heldOrders.length > 0 ? heldOrdersWarning(row.user.name, row.heldOrders) : undefined}
                        />
                      </div>
                    </td>
                  </tr>
                ))}
              </DataTable>
              <Pager paging={pages} href={(number) => `/admin/couriers?page=${number}`} target="couriers" label="Couriers" />
            </>
          );
        },
        fallback: <p className="py-12 text-center text-sm text-slate-500">Loading couriers...</p>,
      },
      'documents-to-verify': {
        etag: () => versionTag(db, ['couriers', 'users'], 'documents-to-verify'),
        poll: DOCUMENTS_POLL_MS,
        render: async () => <DocumentsToVerify documents={await documentsToVerify(db)} />,
        fallback: <></>,
      },
      'courier-dialog': dialogWithZones(db, 'Add New Courier', (zones) => <Island name="CourierDialog" props={{ zones }} />),
    },
    body: (slot) => (
      <>
        <PageHeader title="Couriers" actions={slot('courier-dialog')} />
        {slot('documents-to-verify')}
        {slot('couriers')}
      </>
    ),
  });
});

export default couriers;
