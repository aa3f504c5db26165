CREATE TABLE `customer_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`dedupe_key` text NOT NULL,
	`restaurant_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`stop_id` integer,
	`kind` text NOT NULL,
	`channel` text NOT NULL,
	`recipient` text NOT NULL,
	`body` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`detail` text,
	`provider_id` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`leased_until` integer,
	`next_attempt_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`restaurant_id`) REFERENCES `restaurants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`stop_id`) REFERENCES `order_stops`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "customer_messages_kind_check" CHECK("customer_messages"."kind" in ('on_the_way', 'arriving_soon', 'delivered', 'cancelled')),
	CONSTRAINT "customer_messages_channel_check" CHECK("customer_messages"."channel" in ('sms', 'email')),
	CONSTRAINT "customer_messages_status_check" CHECK("customer_messages"."status" in ('pending', 'sent', 'failed', 'not_sent'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customer_messages_dedupe_unique` ON `customer_messages` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `customer_messages_created_idx` ON `customer_messages` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `customer_messages_due_idx` ON `customer_messages` (`next_attempt_at`) WHERE "customer_messages"."status" = 'pending';--> statement-breakpoint
CREATE TABLE `message_settings` (
	`restaurant_id` integer NOT NULL,
	`kind` text NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`template` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`restaurant_id`) REFERENCES `restaurants`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "message_settings_kind_check" CHECK("message_settings"."kind" in ('on_the_way', 'arriving_soon', 'delivered', 'cancelled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `message_settings_unique` ON `message_settings` (`restaurant_id`,`kind`);--> statement-breakpoint
CREATE TABLE `tracking_etas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`stop_id` integer,
	`recorded_at` integer NOT NULL,
	`eta_at` integer NOT NULL,
	`meters` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`stop_id`) REFERENCES `order_stops`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tracking_etas_order_idx` ON `tracking_etas` (`order_id`,`stop_id`,`recorded_at`);--> statement-breakpoint
CREATE TABLE `tracking_watchers` (
	`order_id` integer PRIMARY KEY NOT NULL,
	`until` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `order_stops` ADD `tracking_token` text;--> statement-breakpoint
CREATE UNIQUE INDEX `order_stops_tracking_token_unique` ON `order_stops` (`tracking_token`);--> statement-breakpoint
ALTER TABLE `orders` ADD `tracking_token` text;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_tracking_token_unique` ON `orders` (`tracking_token`);--> statement-breakpoint
-- Every existing order and stop gets its link; the app makes one for each new row
-- (newTrackingToken), and these triggers for a row inserted by hand without one.
UPDATE `orders` SET `tracking_token` = lower(hex(randomblob(16))) WHERE `tracking_token` IS NULL;--> statement-breakpoint
UPDATE `order_stops` SET `tracking_token` = lower(hex(randomblob(16))) WHERE `tracking_token` IS NULL;--> statement-breakpoint
CREATE TRIGGER orders_tracking_token AFTER INSERT ON orders WHEN new.tracking_token IS NULL BEGIN
  UPDATE orders SET tracking_token = lower(hex(randomblob(16))) WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER order_stops_tracking_token AFTER INSERT ON order_stops WHEN new.tracking_token IS NULL BEGIN
  UPDATE order_stops SET tracking_token = lower(hex(randomblob(16))) WHERE id = new.id;
END;
--> statement-breakpoint
-- An order's changes are events when someone listens: the business's webhook endpoint
-- (0009), the business's customer messages, or a tracking page open on the order.
DROP TRIGGER orders_outbox_update;--> statement-breakpoint
CREATE TRIGGER orders_outbox_update AFTER UPDATE OF status, courier_id ON orders
WHEN (old.status IS NOT new.status OR (new.courier_id IS NOT NULL AND old.courier_id IS NOT new.courier_id))
  AND (EXISTS (SELECT 1 FROM webhook_endpoints WHERE restaurant_id = new.restaurant_id AND disabled_at IS NULL)
    OR EXISTS (SELECT 1 FROM message_settings WHERE restaurant_id = new.restaurant_id AND enabled = 1)
    OR EXISTS (SELECT 1 FROM tracking_watchers WHERE order_id = new.id AND until > cast(unixepoch('subsec') * 1000 as integer))) BEGIN
  INSERT INTO event_outbox (public_id, kind, restaurant_id, order_id, from_status, to_status, from_courier_id, to_courier_id)
  VALUES ('evt_' || lower(hex(randomblob(12))), 'order.changed', new.restaurant_id, new.id, old.status, new.status, old.courier_id, new.courier_id);
END;
--> statement-breakpoint
ALTER TABLE `event_outbox` ADD `stop_id` integer;--> statement-breakpoint
-- A stop's status moving is an event too (kind order.changed with its stop), for the same
-- listeners but webhooks: a pharmacy route's stops move while the order's status stays.
CREATE TRIGGER order_stops_outbox_update AFTER UPDATE OF status ON order_stops
WHEN old.status IS NOT new.status
  AND (EXISTS (SELECT 1 FROM message_settings m JOIN orders o ON o.restaurant_id = m.restaurant_id WHERE o.id = new.order_id AND m.enabled = 1)
    OR EXISTS (SELECT 1 FROM tracking_watchers WHERE order_id = new.order_id AND until > cast(unixepoch('subsec') * 1000 as integer))) BEGIN
  INSERT INTO event_outbox (public_id, kind, restaurant_id, order_id, stop_id, from_status, to_status)
  SELECT 'evt_' || lower(hex(randomblob(12))), 'order.changed', o.restaurant_id, o.id, new.id, old.status, new.status FROM orders o WHERE o.id = new.order_id;
END;
