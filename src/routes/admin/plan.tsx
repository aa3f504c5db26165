/** Plan all (issue 30): a zone's open orders planned on its couriers, reviewed and confirmed in one click (views/admin/ZonePlan.tsx). */
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { findZone, listZones } from '../../db/zones';
import type { AppEnv } from '../../env';
import { notFound } from '../../http/errors';
import { requirePage } from '../../http/guards';
import { validate } from '../../http/validate';
import { planOpenOrders } from '../../services/dispatch/plan';
import { PageHeader } from '../../views/components/ui';
import { ZonePicker } from '../../views/admin/ZonePicker';
import { ZonePlan } from '../../views/admin/ZonePlan';
import { adminPage } from './page';

const plan = new Hono<AppEnv>();

const planQuery = z.object({ zone: z.optional(z.coerce.number().check(z.int(), z.positive())) });

plan.get('/', requirePage('admin'), validate('query', planQuery), async (c) => {
  const db = c.var.db;
  const zoneId = c.req.valid('query').zone ?? null;
  const [zone, zones] = await Promise.all([zoneId == null ? undefined : findZone(db, zoneId), listZones(db)]);
  if (zoneId != null && !zone) throw notFound('Zone not found');
  return adminPage(c, {
    title: zone ? `Plan ${zone.name}` : 'Plan a zone',
    partials: zone
      ? {
          plan: {
            render: async () => <ZonePlan zone={zone} plan={await planOpenOrders(db, zone.id, c.env.SERVICE_TIME_ZONE)} />,
            fallback: <div className="skeleton h-48 w-full" aria-label="Loading" />,
          },
        }
      : {},
    body: (slot) => (
      <>
        <PageHeader
          title={zone ? `Plan all: ${zone.name}` : 'Plan all'}
          subtitle="Every open order of the zone for the next 12 hours, each to the courier it suits best, trips batched"
          actions={<ZonePicker action="/admin/plan" id="plan-zone" zones={zones} zoneId={zone?.id ?? null} allZones={null} submitLabel="Plan" />}
        />
        {zone ? slot('plan') : <p className="text-sm text-slate-600">Choose the zone to plan.</p>}
      </>
    ),
  });
});

export default plan;
