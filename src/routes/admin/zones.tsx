/** Zones Management (spec 1-foundations-and-admin.md §2.7): the table, and the create and edit dialog (an island). */
import { Hono } from 'hono';
import { versionTag } from '../../db/versions';
import { DataTable } from '../../shared/DataTable';
import { listZones, serializeZone, serializeZoneDispatch } from '../../db/zones';
import { DispatchCell } from '../../views/admin/DispatchCell';
import type { AppEnv } from '../../env';
import { requirePage } from '../../http/guards';
import { ActiveBadge, EditButton } from '../../views/admin/AccountStatus';
import { EmptyState, PageHeader } from '../../views/components/ui';
import { Island } from '../../views/Island';
import { adminPage } from './page';

const zones = new Hono<AppEnv>();

zones.get('/', requirePage('admin'), (c) =>
  adminPage(c, {
    title: 'Zones',
    partials: {
      zones: {
        etag: () => versionTag(c.var.db, ['zones'], 'admin-zones'),
        render: async () => {
          const rows = await listZones(c.var.db);
          if (rows.length === 0) return <EmptyState>No zones yet. Add one to start assigning couriers and restaurants.</EmptyState>;
          return (
            <DataTable label="Zones" columns={['Name', 'Description', 'Cities', 'Status', 'Dispatch', 'Actions']}>
              {rows.map((zone) => (
                <tr key={zone.id}>
                  <td className="font-medium">{zone.name}</td>
                  <td className="text-slate-600">{zone.description ?? '—'}</td>
                  <td>{zone.cities.join(', ')}</td>
                  <td>
                    <ActiveBadge active={zone.isActive} />
                  </td>
                  <td>
                    <DispatchCell zone={zone} />
                  </td>
                  <td>
                    <div className="flex flex-wrap gap-2">
                      <EditButton action="edit-zone" payload={serializeZone(zone)} name={zone.name} />
                      <button
                        type="button"
                        className="btn btn-outline btn-sm"
                        data-action="zone-dispatch"
                        data-payload={JSON.stringify(serializeZoneDispatch(zone))}
                        aria-label={`Dispatch settings of ${zone.name}`}
                      >
                        Dispatch
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </DataTable>
          );
        },
        fallback: <div className="skeleton h-48 w-full" aria-label="Loading" />,
      },
    },
    body: (slot) => (
      <>
        <PageHeader
          title="Zones Management"
          subtitle="Manage geographical zones for couriers and restaurants"
          actions={<Island name="ZoneDialog" props={{}} />}
        />
        {slot('zones')}
        <Island name="DispatchSettingsDialog" props={{}} />
      </>
    ),
  }),
);

export default zones;
