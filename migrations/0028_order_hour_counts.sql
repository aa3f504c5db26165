-- Orders due in each hour, per status, kept by triggers (issue 31): the admin's tab counts for
-- a month sum its 720 hours instead of reading its orders, so they cost the same however many
-- orders a month holds. hour = delivery_time / 3600000 (src/db/orders/tabCounts.ts).
CREATE TABLE `order_hour_counts` (
	`hour` integer NOT NULL,
	`status` text NOT NULL,
	`orders` integer NOT NULL,
	PRIMARY KEY(`hour`, `status`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO order_hour_counts (hour, status, orders)
SELECT delivery_time / 3600000, status, count(*) FROM orders GROUP BY delivery_time / 3600000, status;
--> statement-breakpoint
CREATE TRIGGER orders_hour_counts_insert AFTER INSERT ON orders BEGIN
  INSERT INTO order_hour_counts (hour, status, orders) VALUES (new.delivery_time / 3600000, new.status, 1)
  ON CONFLICT (hour, status) DO UPDATE SET orders = order_hour_counts.orders + 1;
END;
--> statement-breakpoint
CREATE TRIGGER orders_hour_counts_delete AFTER DELETE ON orders BEGIN
  UPDATE order_hour_counts SET orders = orders - 1 WHERE hour = old.delivery_time / 3600000 AND status = old.status;
END;
--> statement-breakpoint
CREATE TRIGGER orders_hour_counts_update AFTER UPDATE OF status, delivery_time ON orders
WHEN old.status IS NOT new.status OR old.delivery_time / 3600000 IS NOT new.delivery_time / 3600000 BEGIN
  UPDATE order_hour_counts SET orders = orders - 1 WHERE hour = old.delivery_time / 3600000 AND status = old.status;
  INSERT INTO order_hour_counts (hour, status, orders) VALUES (new.delivery_time / 3600000, new.status, 1)
  ON CONFLICT (hour, status) DO UPDATE SET orders = order_hour_counts.orders + 1;
END;
