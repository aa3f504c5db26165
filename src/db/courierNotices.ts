/**
 * Which couriers an order change concerns (decision F11): the courier holding the order,
 * the one who held it before the change (reassigned, cancelled, given back), and, while
 * the order is or was just offered to a zone, every active courier of that zone whose phone
 * is listening (decision P31-7: a zone of 1,700 couriers was 1,700 object calls per change,
 * phones open or not; a closed app reads its lists when opened). `offer`
 * marks a courier to whom the order has just become an offer (the phone may ring): one to the
 * zone, or the autopilot's to them alone (decision W12).
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client';

export interface CourierNotice {
  courierId: number;
  offer: boolean;
}

/** `stopIds`: stops changed, standing for their orders. */
export async function couriersConcerned(db: Db, orderIds: readonly number[], stopIds: readonly number[] = []): Promise<CourierNotice[]> {
  if (orderIds.length + stopIds.length === 0) return [];
  const list = (ids: readonly number[]) =>
    ids.length
      ? sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )
      : sql`null`;
  const rows = await db.all<{ courier_id: number; offer: number }>(sql`
    with changed as (
      select o.id, o.courier_id, o.zone_id, o.status, o.offer_expires_at,
        (select e.from_courier_id from order_events e where e.order_id = o.id order by e.id desc limit 1) as previous_courier_id,
        (select e.from_status from order_events e where e.order_id = o.id order by e.id desc limit 1) as previous_status
      from orders o where o.id in (${list(orderIds)}) or o.id in (select order_id from order_stops where id in (${list(stopIds)}))
    )
    select courier_id, max(offer) as offer from (
      select courier_id, case when status = 'assigned' and offer_expires_at is not null then 1 else 0 end as offer from changed where courier_id is not null
      union all
      select previous_courier_id, 0 from changed where previous_courier_id is not null
      union all
      select c.id, case when changed.status = 'pending_courier' and coalesce(changed.previous_status, '') <> 'pending_courier' then 1 else 0 end
      from changed
      join couriers c on c.zone_id = changed.zone_id and c.phone_listening = 1
      join users u on u.id = c.user_id and u.is_active = 1
      where changed.status = 'pending_courier' or changed.previous_status = 'pending_courier'
    ) group by courier_id`);
  return rows.map((row) => ({ courierId: Number(row.courier_id), offer: Number(row.offer) === 1 }));
}
