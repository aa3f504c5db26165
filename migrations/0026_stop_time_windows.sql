ALTER TABLE `order_stops` ADD `deliver_after` integer;--> statement-breakpoint
ALTER TABLE `order_stops` ADD `service_minutes` integer;