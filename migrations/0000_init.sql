CREATE TABLE `couriers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`zone_id` integer NOT NULL,
	`address` text NOT NULL,
	`email` text NOT NULL,
	`vehicle_type` text DEFAULT 'sedan' NOT NULL,
	`vehicle_make` text NOT NULL,
	`vehicle_model` text NOT NULL,
	`vehicle_year` text NOT NULL,
	`drivers_license` text NOT NULL,
	`drivers_license_expiry` text NOT NULL,
	`drivers_license_photos` text DEFAULT '[]' NOT NULL,
	`drivers_license_verified` integer DEFAULT false NOT NULL,
	`insurance` text NOT NULL,
	`insurance_expiry` text NOT NULL,
	`insurance_photos` text DEFAULT '[]' NOT NULL,
	`insurance_verified` integer DEFAULT false NOT NULL,
	`documents_last_notified_date` integer,
	`document_notifications_acknowledged` integer DEFAULT false NOT NULL,
	`has_quick_delivery_equipment` integer DEFAULT false NOT NULL,
	`has_catering_dolly` integer DEFAULT false NOT NULL,
	`has_thermo_bags` integer DEFAULT false NOT NULL,
	`has_isothermal_boxes` integer DEFAULT false NOT NULL,
	`courier_latitude` real,
	`courier_longitude` real,
	`last_location_update_time` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`zone_id`) REFERENCES `zones`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "couriers_vehicle_type_check" CHECK("couriers"."vehicle_type" in ('sedan', 'suv', 'pickup', 'minivan', 'truck', 'hatchback'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `couriers_user_unique` ON `couriers` (`user_id`);--> statement-breakpoint
CREATE INDEX `couriers_zone_idx` ON `couriers` (`zone_id`);--> statement-breakpoint
CREATE TABLE `data_versions` (
	`name` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `login_throttle` (
	`username` text PRIMARY KEY NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`window_started_at` integer NOT NULL,
	`locked_until` integer
);
--> statement-breakpoint
CREATE TABLE `order_declines` (
	`order_id` integer NOT NULL,
	`courier_id` integer NOT NULL,
	`at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`courier_id`) REFERENCES `couriers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_declines_unique` ON `order_declines` (`order_id`,`courier_id`);--> statement-breakpoint
CREATE TABLE `order_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`actor_user_id` integer,
	`actor_role` text NOT NULL,
	`action` text NOT NULL,
	`from_status` text,
	`to_status` text,
	`outcome` text DEFAULT 'applied' NOT NULL,
	`detail` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "order_events_outcome_check" CHECK("order_events"."outcome" in ('applied', 'refused'))
);
--> statement-breakpoint
CREATE INDEX `order_events_order_idx` ON `order_events` (`order_id`,`id`);--> statement-breakpoint
CREATE TABLE `order_stops` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`sequence` integer NOT NULL,
	`customer_name` text NOT NULL,
	`customer_phone` text NOT NULL,
	`address` text NOT NULL,
	`latitude` real,
	`longitude` real,
	`delivery_instructions` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`arrived_time` integer,
	`delivered_time` integer,
	`delivery_time` integer,
	`delivery_photo` text,
	`delivery_notes` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "order_stops_sequence_check" CHECK("order_stops"."sequence" >= 1),
	CONSTRAINT "order_stops_status_check" CHECK("order_stops"."status" in ('pending', 'on_way', 'arrived', 'delivered'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_stops_order_sequence_unique` ON `order_stops` (`order_id`,`sequence`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_number` text NOT NULL,
	`internal_order_number` text,
	`status` text DEFAULT 'new' NOT NULL,
	`restaurant_id` integer NOT NULL,
	`restaurant_name` text NOT NULL,
	`restaurant_address` text NOT NULL,
	`restaurant_phone` text NOT NULL,
	`courier_id` integer,
	`zone_id` integer,
	`customer_name` text NOT NULL,
	`customer_phone` text NOT NULL,
	`customer_address` text NOT NULL,
	`customer_street` text,
	`customer_house` text,
	`customer_apartment` text,
	`customer_city` text,
	`customer_state` text,
	`customer_zip` text,
	`customer_latitude` real,
	`customer_longitude` real,
	`customer_company` text,
	`delivery_instructions` text,
	`setup_required` integer DEFAULT false NOT NULL,
	`required_vehicle_types` text NOT NULL,
	`items` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`delivery_fee_cents` integer NOT NULL,
	`tip_cents` integer DEFAULT 0 NOT NULL,
	`courier_pay_cents` integer,
	`total_distance_miles` real,
	`calculated_delivery_fee_cents` integer,
	`pickup_time` integer NOT NULL,
	`delivery_time` integer NOT NULL,
	`courier_latitude` real,
	`courier_longitude` real,
	`last_location_update_time` integer,
	`go_online_time` integer,
	`on_way_to_pickup_time` integer,
	`arrived_at_pickup_time` integer,
	`picked_up_time` integer,
	`on_way_to_customer_time` integer,
	`arrived_at_customer_time` integer,
	`setup_start_time` integer,
	`setup_complete_time` integer,
	`completed_at` integer,
	`delivery_photos` text DEFAULT '[]' NOT NULL,
	`delivery_notes` text,
	`pharmacy_pickup_photo` text,
	`pharmacy_pickup_time` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`restaurant_id`) REFERENCES `restaurants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`courier_id`) REFERENCES `couriers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`zone_id`) REFERENCES `zones`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "orders_status_check" CHECK("orders"."status" in ('new', 'pending_restaurant', 'pending_courier', 'assigned', 'courier_rejected', 'courier_confirmed', 'courier_on_way_to_pickup', 'arrived_at_pickup', 'picked_up', 'on_way_to_customer', 'arrived_at_customer', 'setup_in_progress', 'delivered', 'awaiting_pharmacy_pickup', 'courier_on_way_to_pharmacy', 'arrived_at_pharmacy', 'pharmacy_picked_up', 'in_pharmacy_delivery', 'pharmacy_completed', 'cancelled', 'missed_pickup')),
	CONSTRAINT "orders_money_check" CHECK("orders"."amount_cents" >= 0 and "orders"."delivery_fee_cents" >= 0 and "orders"."tip_cents" >= 0),
	CONSTRAINT "orders_courier_pay_check" CHECK("orders"."courier_pay_cents" is null or "orders"."courier_pay_cents" >= 0),
	CONSTRAINT "orders_distance_check" CHECK("orders"."total_distance_miles" is null or "orders"."total_distance_miles" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_order_number_unique` ON `orders` (`order_number`);--> statement-breakpoint
CREATE INDEX `orders_status_delivery_idx` ON `orders` (`status`,`delivery_time`);--> statement-breakpoint
CREATE INDEX `orders_delivery_idx` ON `orders` (`delivery_time`);--> statement-breakpoint
CREATE INDEX `orders_restaurant_delivery_idx` ON `orders` (`restaurant_id`,`delivery_time`);--> statement-breakpoint
CREATE INDEX `orders_restaurant_status_idx` ON `orders` (`restaurant_id`,`status`);--> statement-breakpoint
CREATE INDEX `orders_courier_status_idx` ON `orders` (`courier_id`,`status`);--> statement-breakpoint
CREATE INDEX `orders_zone_status_idx` ON `orders` (`zone_id`,`status`);--> statement-breakpoint
CREATE INDEX `orders_completed_idx` ON `orders` (`completed_at`);--> statement-breakpoint
CREATE INDEX `orders_courier_completed_idx` ON `orders` (`courier_id`,`completed_at`);--> statement-breakpoint
CREATE TABLE `photos` (
	`key` text PRIMARY KEY NOT NULL,
	`order_id` integer NOT NULL,
	`stop_id` integer,
	`kind` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`uploaded_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`stop_id`) REFERENCES `order_stops`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "photos_kind_check" CHECK("photos"."kind" in ('delivery', 'stop', 'pharmacy_pickup'))
);
--> statement-breakpoint
CREATE INDEX `photos_order_idx` ON `photos` (`order_id`);--> statement-breakpoint
CREATE TABLE `request_receipts` (
	`user_id` integer NOT NULL,
	`key` text NOT NULL,
	`status` integer NOT NULL,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `request_receipts_unique` ON `request_receipts` (`user_id`,`key`);--> statement-breakpoint
CREATE TABLE `restaurants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`address` text NOT NULL,
	`phone` text NOT NULL,
	`zone_id` integer NOT NULL,
	`contact_person_name` text,
	`contact_person_position` text,
	`contact_person_phone` text,
	`contact_person_email` text,
	`backup_phone` text,
	`delivery_instructions` text,
	`business_hours` text,
	`api_key` text,
	`api_enabled` integer DEFAULT false NOT NULL,
	`webhook_url` text,
	`webhook_secret` text,
	`last_api_call` integer,
	`customer_type` text DEFAULT 'restaurant' NOT NULL,
	`latitude` real,
	`longitude` real,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`zone_id`) REFERENCES `zones`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "restaurants_customer_type_check" CHECK("restaurants"."customer_type" in ('restaurant', 'pharmacy')),
	CONSTRAINT "restaurants_latitude_check" CHECK("restaurants"."latitude" is null or "restaurants"."latitude" between -90 and 90),
	CONSTRAINT "restaurants_longitude_check" CHECK("restaurants"."longitude" is null or "restaurants"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `restaurants_user_unique` ON `restaurants` (`user_id`);--> statement-breakpoint
CREATE INDEX `restaurants_zone_idx` ON `restaurants` (`zone_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`password_hash` text NOT NULL,
	`role` text NOT NULL,
	`name` text NOT NULL,
	`phone` text,
	`address` text,
	`is_active` integer DEFAULT true NOT NULL,
	`zone_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`zone_id`) REFERENCES `zones`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "users_role_check" CHECK("users"."role" in ('admin', 'restaurant', 'courier'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` ("username" collate nocase);--> statement-breakpoint
CREATE TABLE `zones` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`cities` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `zones_name_unique` ON `zones` ("name" collate nocase);