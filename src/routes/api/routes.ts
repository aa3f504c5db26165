/**
 * POST /api/routes/calculate (spec 2-business-area.md §7): the distance and fee of a multi-stop route
 * from the signed-in business through the stops in order. Works without any maps key
 * (an estimate from coordinates, marked as such); with MAPS_SERVER_KEY the driving route.
 * Issue 4. With `optimize` (issue 18) the route is that of the best order, given as
 * `optimizedOrder`, and `routeDetails.givenOrder` says what the order sent would cost.
 * Every answer says when each stop is reached and which miss their deliver-by time.
 */
import { isApproximate } from '../../domain/location';
import { Hono } from 'hono';
import { formatMoney } from '../../domain/money';
import type { RoutePlan } from '../../domain/routePlan';
import { routeCalculationSchema } from '../../domain/schemas/businessOrders';
import type { AppEnv } from '../../env';
import { geocoder, signedInBusiness } from '../../http/business';
import { requireApi } from '../../http/guards';
import { validate } from '../../http/validate';
import { bestRoute, routeInOrder, type Timing } from '../../maps/bestRoute';
import { locateRoute } from '../../maps/routing';

const routes = new Hono<AppEnv>();

const figures = (plan: RoutePlan) => ({ totalDistanceMiles: plan.miles, calculatedDeliveryFee: formatMoney(plan.feeCents) });

routes.post('/calculate', requireApi('restaurant'), validate('json', routeCalculationSchema), async (c) => {
  const input = c.req.valid('json');
  const maps = geocoder(c);
  const { origin, stops } = await locateRoute(maps, await signedInBusiness(c), input.stops);
  const timing: Timing = {
    departure: input.departureTime ?? Date.now(),
    deliverBy: input.stops.map((stop) => stop.deliverBy ?? null),
    deliverAfter: input.stops.map((stop) => stop.deliverAfter ?? null),
    serviceMinutes: input.stops.map((stop) => stop.serviceMinutes ?? null),
  };
  const optimized = input.optimize ? await bestRoute(maps, origin, stops, timing) : null;
  const route =
    optimized?.best ??
    (await routeInOrder(
      maps,
      origin,
      stops,
      stops.map((_, index) => index),
      timing,
    ));
  return c.json({
    ...figures(route.plan),
    ...(optimized ? { optimizedOrder: route.order } : {}),
    routeDetails: {
      polyline: route.plan.polyline,
      estimated: route.plan.estimated,
      // Some point is only a ZIP code's centre, so the distance is approximate too.
      approximate: [origin, ...stops].some((point) => isApproximate(point.precision)),
      durationMinutes: route.plan.durationMinutes,
      pickup: origin,
      // Where each stop was placed, in the order sent: an address-only stop comes back with its coordinates.
      stops,
      // In the order sent, too: when each stop is reached, and which miss their deliver-by.
      arrivals: route.arrivals.map((time) => new Date(time).toISOString()),
      lateStops: route.late,
      ...(optimized ? { givenOrder: figures(optimized.given.plan) } : {}),
    },
  });
});

export default routes;
