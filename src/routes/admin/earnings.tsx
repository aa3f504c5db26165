/** Earnings report (spec 1-foundations-and-admin.md §2.11): the report is an island over GET /api/reports/earnings; the range can come from the URL. */
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { reportDaysQuery } from '../../domain/schemas/reports';
import { chosenOrRecentDays, dayIn } from '../../domain/time';
import type { AppEnv } from '../../env';
import { requirePage } from '../../http/guards';
import { validate } from '../../http/validate';
import { PageHeader } from '../../views/components/ui';
import { Island } from '../../views/Island';
import { adminPage } from './page';

const earnings = new Hono<AppEnv>();

/** The default range: the last 30 days, today included (spec 1-foundations-and-admin.md §9). */
export const DEFAULT_RANGE_DAYS = 30;

earnings.get('/', requirePage('admin'), validate('query', z.object(reportDaysQuery)), (c) => {
  const zone = c.env.SERVICE_TIME_ZONE;
  const { from, to } = c.req.valid('query');
  const initialRange = chosenOrRecentDays({ from, to }, dayIn(zone), DEFAULT_RANGE_DAYS);
  return adminPage(c, {
    title: 'Earnings',
    body: () => (
      <>
        <PageHeader title="Earnings Report" subtitle="Orders completed in the chosen days, counted in the service time zone" />
        <Island name="EarningsReport" props={{ initialRange, serviceTimeZone: zone }} />
      </>
    ),
  });
});

export default earnings;
