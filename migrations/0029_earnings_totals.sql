CREATE TABLE `earnings_hourly_totals` (
	`hour` integer PRIMARY KEY NOT NULL,
	`orders_count` integer DEFAULT 0 NOT NULL,
	`amount_cents` integer DEFAULT 0 NOT NULL,
	`courier_pay_cents` integer DEFAULT 0 NOT NULL,
	`platform_fee_cents` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `orders_restaurant_completed_idx` ON `orders` (`restaurant_id`,`completed_at`) WHERE "orders"."completed_at" is not null;
--> statement-breakpoint
-- The completed orders' money per hour of completion (issue 31, decision P31-4), kept equal to
-- sums over orders on every insert, delete and change of a counted column: the old row's
-- share comes off (if it counted) and the new one's goes on (if it counts). Completed and
-- the platform fee as src/domain/orderStatus.ts COMPLETED_STATUSES and
-- src/db/completedOrders.ts platformFeeCents say (src/db/migrations.test.ts checks the status
-- lists, tests/integration/totals.test.ts the sums). An order's share is said once, by the
-- INSTEAD OF trigger of earnings_hourly_change: the triggers on orders only hand it rows.
-- The orders already there are summed first.
INSERT INTO earnings_hourly_totals (hour, orders_count, amount_cents, courier_pay_cents, platform_fee_cents)
SELECT orders.completed_at / 3600000, count(*), sum(orders.amount_cents), coalesce(sum(orders.courier_pay_cents), 0),
  sum(CASE WHEN orders.courier_pay_cents IS NULL THEN orders.delivery_fee_cents ELSE orders.delivery_fee_cents + orders.tip_cents - orders.courier_pay_cents END)
FROM orders WHERE orders.status IN ('delivered', 'pharmacy_completed') AND orders.completed_at IS NOT NULL
GROUP BY orders.completed_at / 3600000;
--> statement-breakpoint
CREATE VIEW earnings_hourly_change AS SELECT status, completed_at, amount_cents, delivery_fee_cents, tip_cents, courier_pay_cents, 1 AS sign FROM orders WHERE 0;
--> statement-breakpoint
CREATE TRIGGER earnings_hourly_change_apply INSTEAD OF INSERT ON earnings_hourly_change
WHEN NEW.status IN ('delivered', 'pharmacy_completed') AND NEW.completed_at IS NOT NULL BEGIN
  INSERT INTO earnings_hourly_totals (hour, orders_count, amount_cents, courier_pay_cents, platform_fee_cents)
  VALUES (NEW.completed_at / 3600000, NEW.sign, NEW.sign * NEW.amount_cents, NEW.sign * coalesce(NEW.courier_pay_cents, 0),
    NEW.sign * (CASE WHEN NEW.courier_pay_cents IS NULL THEN NEW.delivery_fee_cents ELSE NEW.delivery_fee_cents + NEW.tip_cents - NEW.courier_pay_cents END))
  ON CONFLICT(hour) DO UPDATE SET orders_count = orders_count + excluded.orders_count, amount_cents = amount_cents + excluded.amount_cents,
    courier_pay_cents = courier_pay_cents + excluded.courier_pay_cents, platform_fee_cents = platform_fee_cents + excluded.platform_fee_cents;
END;
--> statement-breakpoint
CREATE TRIGGER orders_earnings_insert AFTER INSERT ON orders BEGIN
  INSERT INTO earnings_hourly_change (status, completed_at, amount_cents, delivery_fee_cents, tip_cents, courier_pay_cents, sign) VALUES (NEW.status, NEW.completed_at, NEW.amount_cents, NEW.delivery_fee_cents, NEW.tip_cents, NEW.courier_pay_cents, 1);
END;
--> statement-breakpoint
CREATE TRIGGER orders_earnings_delete AFTER DELETE ON orders BEGIN
  INSERT INTO earnings_hourly_change (status, completed_at, amount_cents, delivery_fee_cents, tip_cents, courier_pay_cents, sign) VALUES (OLD.status, OLD.completed_at, OLD.amount_cents, OLD.delivery_fee_cents, OLD.tip_cents, OLD.courier_pay_cents, -1);
END;
--> statement-breakpoint
CREATE TRIGGER orders_earnings_update AFTER UPDATE OF status, completed_at, amount_cents, delivery_fee_cents, tip_cents, courier_pay_cents ON orders
WHEN OLD.status IS NOT NEW.status OR OLD.completed_at IS NOT NEW.completed_at OR OLD.amount_cents IS NOT NEW.amount_cents
  OR OLD.delivery_fee_cents IS NOT NEW.delivery_fee_cents OR OLD.tip_cents IS NOT NEW.tip_cents OR OLD.courier_pay_cents IS NOT NEW.courier_pay_cents BEGIN
  INSERT INTO earnings_hourly_change (status, completed_at, amount_cents, delivery_fee_cents, tip_cents, courier_pay_cents, sign) VALUES (OLD.status, OLD.completed_at, OLD.amount_cents, OLD.delivery_fee_cents, OLD.tip_cents, OLD.courier_pay_cents, -1);
  INSERT INTO earnings_hourly_change (status, completed_at, amount_cents, delivery_fee_cents, tip_cents, courier_pay_cents, sign) VALUES (NEW.status, NEW.completed_at, NEW.amount_cents, NEW.delivery_fee_cents, NEW.tip_cents, NEW.courier_pay_cents, 1);
END;
