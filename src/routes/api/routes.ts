/**
 * POST /api/routes/calculate (spec 2-business-area.md §7): the distance and fee of a multi-stop route
 * from the signed-in business through the stops in order. Works without any maps key
 * (an estimate from coordinates, marked as such); with MAPS_SERVER_KEY the driving route.
 * Issue 4.
 */
import { Hono } from 'hono';
import { formatMoney } from '../../domain/money';
import { routeCalculationSchema } from '../../domain/schemas/businessOrders';
import type { AppEnv } from '../../env';
import { geocoder, signedInBusiness } from '../../http/business';
import { requireApi } from '../../http/guards';
import { validate } from '../../http/validate';
import { routeFrom } from '../../maps/routing';

const routes = new Hono<AppEnv>();

routes.post('/calculate', requireApi('restaurant'), validate('json', routeCalculationSchema), async (c) => {
  const business = await signedInBusiness(c);
  const { origin, stops, plan } = await routeFrom(geocoder(c), business, c.req.valid('json').stops);
  return c.json({
    totalDistanceMiles: plan.miles,
    calculatedDeliveryFee: formatMoney(plan.feeCents),
    routeDetails: {
      polyline: plan.polyline,
      estimated: plan.estimated,
      // Some point is only a ZIP code's centre, so the distance is approximate too.
      approximate: [origin, ...stops].some((point) => point.precision === 'zip'),
      durationMinutes: plan.durationMinutes,
      pickup: origin,
      // Where each stop was placed, and how precisely: an address-only stop comes back with its coordinates.
      stops,
    },
  });
});

export default routes;
