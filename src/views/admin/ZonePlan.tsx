/**
 * Plan all's review (issue 30): every open order of the zone with the courier the plan gives
 * it and why, trips of orders from one pickup together, the totals the plan drives, the
 * orders it could not place, and one button that confirms it all.
 */
import { Badge, Time } from '../components/ui';
import type { ZonePlanView } from '../../services/dispatch/plan';

const miles = (value: number) => `${value.toFixed(1)} mi`;

export function ZonePlan({ zone, plan }: { zone: { id: number; name: string }; plan: ZonePlanView }) {
  const orderOf = (id: number) => plan.orders.get(id);
  const assignments = plan.assignments.flatMap(({ job, courierId, name, reason }) =>
    job.orderIds.map((orderId) => ({ orderId, courierId, name, reason, trip: job.orderIds.length > 1 ? job.orderIds : null })),
  );
  const couriers = new Set(plan.assignments.map((assignment) => assignment.courierId)).size;
  return (
    <div className="space-y-4">
      <section aria-labelledby="plan-totals" className="card p-4">
        <h2 id="plan-totals" className="text-base font-semibold">
          {assignments.length ? `${assignments.length} orders to ${couriers} couriers` : plan.unplanned.length ? 'No order could be placed' : 'Nothing to plan'}
        </h2>
        <dl className="mt-2 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-slate-500">Late, in all</dt>
            <dd className="font-semibold tabular-nums">{Math.round(plan.totals.lateMinutes)} min</dd>
          </div>
          <div>
            <dt className="text-slate-500">Miles with orders</dt>
            <dd className="font-semibold tabular-nums">{miles(plan.totals.loadedMiles)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Empty miles</dt>
            <dd className="font-semibold tabular-nums">{miles(plan.totals.emptyMiles)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Not placed</dt>
            <dd className="font-semibold tabular-nums">{plan.unplanned.length}</dd>
          </div>
        </dl>
        {assignments.length ? (
          <button
            type="button"
            className="btn btn-primary mt-4"
            data-action="api"
            data-url={`/api/zones/${zone.id}/plan`}
            data-method="POST"
            data-body={JSON.stringify({
              assignments: assignments.map(({ orderId, courierId, name, reason }) => ({ orderId, courierId, reason: `${name}: ${reason}` })),
            })}
            data-confirm={`Assign ${assignments.length} orders to ${couriers} couriers as planned? Each courier is asked to accept.`}
            data-confirm-label="Confirm Plan"
            data-cancel-label="Keep Reviewing"
            data-success="The plan is confirmed: the couriers are told"
            data-refresh="plan"
          >
            Confirm plan
          </button>
        ) : null}
      </section>
      {assignments.length ? (
        <div className="card overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{`The plan for ${zone.name}, earliest pickup first`}</caption>
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Order
                </th>
                <th scope="col" className="px-3 py-2">
                  Pickup
                </th>
                <th scope="col" className="px-3 py-2">
                  Courier
                </th>
                <th scope="col" className="px-3 py-2">
                  Why
                </th>
              </tr>
            </thead>
            <tbody>
              {assignments
                .map((row) => ({ ...row, order: orderOf(row.orderId) }))
                .sort((a, b) => (a.order?.pickupTime ?? 0) - (b.order?.pickupTime ?? 0) || a.orderId - b.orderId)
                .map(({ orderId, name, reason, trip, order }) => (
                  <tr key={orderId} className="border-t border-slate-100" data-plan-order-id={orderId}>
                    <td className="px-3 py-2 whitespace-nowrap">
                      <span className="font-medium">{`#${order?.orderNumber ?? orderId}`}</span>
                      <span className="block text-xs text-slate-500">{order?.restaurantName}</span>
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap tabular-nums">{order ? <Time value={order.pickupTime} /> : null}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{name}</td>
                    <td className="px-3 py-2">
                      {reason}
                      {trip ? (
                        <Badge tone="blue" className="ml-2">
                          {`One trip with ${trip
                            .filter((id) => id !== orderId)
                            .map((id) => `#${orderOf(id)?.orderNumber ?? id}`)
                            .join(', ')}`}
                        </Badge>
                      ) : null}
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {plan.unplanned.length ? (
        <section aria-labelledby="plan-unplaced" className="card p-4">
          <h2 id="plan-unplaced" className="text-base font-semibold">
            Not placed: assign these yourself
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {plan.unplanned.flatMap(({ job, why }) =>
              job.orderIds.map((id) => (
                <li key={id}>
                  <a className="font-medium text-brand-700 hover:underline" href={`/admin/orders?assign=${id}`}>{`#${orderOf(id)?.orderNumber ?? id}`}</a>
                  {`: ${why}`}
                </li>
              )),
            )}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
