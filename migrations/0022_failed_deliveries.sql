CREATE TABLE `delivery_failures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`stop_id` integer,
	`courier_id` integer,
	`reason` text NOT NULL,
	`outcome` text NOT NULL,
	`notes` text,
	`photo` text,
	`at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`stop_id`) REFERENCES `order_stops`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`courier_id`) REFERENCES `couriers`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "delivery_failures_reason_check" CHECK("delivery_failures"."reason" in ('customer_not_there', 'wrong_address', 'refused', 'unsafe')),
	CONSTRAINT "delivery_failures_outcome_check" CHECK("delivery_failures"."outcome" in ('retry', 'return', 'dispatch'))
);
--> statement-breakpoint
CREATE INDEX `delivery_failures_order_idx` ON `delivery_failures` (`order_id`,`id`);--> statement-breakpoint
ALTER TABLE `event_outbox` ADD `delivery_failure_id` integer;--> statement-breakpoint
ALTER TABLE `order_stops` ADD `returned_at` integer;--> statement-breakpoint
ALTER TABLE `order_stops` ADD `failed_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_failed_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `failed_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A failed delivery is an event (issue 27) for the business's webhook endpoint and a tracking
-- page open on the order; the order's status is unchanged (from = to), the failure names it.
CREATE TRIGGER delivery_failures_outbox AFTER INSERT ON delivery_failures
WHEN EXISTS (SELECT 1 FROM orders o JOIN webhook_endpoints w ON w.restaurant_id = o.restaurant_id AND w.disabled_at IS NULL WHERE o.id = new.order_id)
  OR EXISTS (SELECT 1 FROM tracking_watchers WHERE order_id = new.order_id AND until > cast(unixepoch('subsec') * 1000 as integer)) BEGIN
  INSERT INTO event_outbox (public_id, kind, restaurant_id, order_id, stop_id, from_status, to_status, from_courier_id, to_courier_id, delivery_failure_id)
  SELECT 'evt_' || lower(hex(randomblob(12))), 'order.changed', o.restaurant_id, o.id, new.stop_id, o.status, o.status, o.courier_id, o.courier_id, new.id
  FROM orders o WHERE o.id = new.order_id;
END;
