CREATE TABLE `api_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`restaurant_id` integer NOT NULL,
	`name` text NOT NULL,
	`prefix` text NOT NULL,
	`key_hash` text NOT NULL,
	`created_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`restaurant_id`) REFERENCES `restaurants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_hash_unique` ON `api_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_restaurant_idx` ON `api_keys` (`restaurant_id`,`id`);--> statement-breakpoint
CREATE TABLE `event_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`kind` text NOT NULL,
	`restaurant_id` integer NOT NULL,
	`order_id` integer,
	`from_status` text,
	`to_status` text,
	`from_courier_id` integer,
	`to_courier_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`queued_at` integer,
	`processed_at` integer,
	FOREIGN KEY (`restaurant_id`) REFERENCES `restaurants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "event_outbox_kind_check" CHECK("event_outbox"."kind" in ('order.created', 'order.changed', 'webhook.test'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_outbox_public_id_unique` ON `event_outbox` (`public_id`);--> statement-breakpoint
CREATE INDEX `event_outbox_unprocessed_idx` ON `event_outbox` (`queued_at`,`id`) WHERE "event_outbox"."processed_at" is null;--> statement-breakpoint
CREATE INDEX `event_outbox_created_idx` ON `event_outbox` (`created_at`);--> statement-breakpoint
CREATE TABLE `signing_keys` (
	`name` text PRIMARY KEY NOT NULL,
	`secret` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `webhook_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`delivery_id` integer NOT NULL,
	`at` integer NOT NULL,
	`status_code` integer,
	`error` text,
	`duration_ms` integer NOT NULL,
	FOREIGN KEY (`delivery_id`) REFERENCES `webhook_deliveries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_attempts_delivery_idx` ON `webhook_attempts` (`delivery_id`,`id`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`restaurant_id` integer NOT NULL,
	`type` text NOT NULL,
	`order_id` integer,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`leased_until` integer,
	`last_status_code` integer,
	`last_error` text,
	`delivered_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `event_outbox`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`restaurant_id`) REFERENCES `restaurants`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "webhook_deliveries_status_check" CHECK("webhook_deliveries"."status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_deliveries_event_unique` ON `webhook_deliveries` (`event_id`,`restaurant_id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_restaurant_idx` ON `webhook_deliveries` (`restaurant_id`,`id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due_idx` ON `webhook_deliveries` (`next_attempt_at`) WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX `webhook_deliveries_created_idx` ON `webhook_deliveries` (`created_at`);--> statement-breakpoint
CREATE TABLE `webhook_endpoints` (
	`restaurant_id` integer PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`secret` text NOT NULL,
	`previous_secret` text,
	`previous_secret_expires_at` integer,
	`failing_since` integer,
	`disabled_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`restaurant_id`) REFERENCES `restaurants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- The outbox is written by the statement that changes the order, inside its transaction:
-- every order created, every status change and every courier assignment, whichever code
-- path made it, is recorded exactly once, and never lost if the queue is down. The event's
-- name for the outside world (order.assigned, order.delivered…) is derived from these
-- columns by src/domain/webhooks.ts, where the status sets live. Only businesses with a
-- webhook endpoint turned on get events: nobody else would hear them, and a backlog of
-- events nobody hears would delay those somebody does.
CREATE TRIGGER orders_outbox_insert AFTER INSERT ON orders
WHEN EXISTS (SELECT 1 FROM webhook_endpoints WHERE restaurant_id = new.restaurant_id AND disabled_at IS NULL) BEGIN
  INSERT INTO event_outbox (public_id, kind, restaurant_id, order_id, to_status, to_courier_id)
  VALUES ('evt_' || lower(hex(randomblob(12))), 'order.created', new.restaurant_id, new.id, new.status, new.courier_id);
END;
--> statement-breakpoint
CREATE TRIGGER orders_outbox_update AFTER UPDATE OF status, courier_id ON orders
WHEN (old.status IS NOT new.status OR (new.courier_id IS NOT NULL AND old.courier_id IS NOT new.courier_id))
  AND EXISTS (SELECT 1 FROM webhook_endpoints WHERE restaurant_id = new.restaurant_id AND disabled_at IS NULL) BEGIN
  INSERT INTO event_outbox (public_id, kind, restaurant_id, order_id, from_status, to_status, from_courier_id, to_courier_id)
  VALUES ('evt_' || lower(hex(randomblob(12))), 'order.changed', new.restaurant_id, new.id, old.status, new.status, old.courier_id, new.courier_id);
END;
--> statement-breakpoint
-- The key that signs photo links sent to integrators: made here, so no deployment needs a secret for it.
INSERT INTO signing_keys (name, secret) VALUES ('photo_links', lower(hex(randomblob(32))));
