CREATE TABLE `dispatch_cascades` (
	`order_id` integer PRIMARY KEY NOT NULL,
	`zone_id` integer NOT NULL,
	`phase` text NOT NULL,
	`courier_id` integer,
	`offered_at` integer,
	`expires_at` integer,
	`tried` text DEFAULT '[]' NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`zone_id`) REFERENCES `zones`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`courier_id`) REFERENCES `couriers`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "dispatch_cascades_phase_check" CHECK("dispatch_cascades"."phase" in ('waiting', 'single', 'zone', 'needs_person', 'assigned', 'manual'))
);
--> statement-breakpoint
CREATE INDEX `dispatch_cascades_zone_phase_idx` ON `dispatch_cascades` (`zone_id`,`phase`);--> statement-breakpoint
ALTER TABLE `couriers` ADD `accepts_automatically` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `offer_expires_at` integer;--> statement-breakpoint
ALTER TABLE `zones` ADD `dispatch_mode` text DEFAULT 'manual' NOT NULL CONSTRAINT "zones_dispatch_mode_check" CHECK("dispatch_mode" in ('manual', 'auto_offer', 'auto_assign'));--> statement-breakpoint
ALTER TABLE `zones` ADD `autopilot_paused` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `zones` ADD `autopilot_settings` text DEFAULT '{"leadMinutes":10,"offerSeconds":45,"maxSingleOffers":3,"zoneOfferMinutes":5,"maxLoad":3,"batching":true}' NOT NULL;
