DROP INDEX `orders_delivery_idx`;--> statement-breakpoint
DROP INDEX `orders_completed_idx`;--> statement-breakpoint
CREATE INDEX `orders_delivery_status_idx` ON `orders` (`delivery_time`,`status`);--> statement-breakpoint
CREATE INDEX `orders_status_completed_idx` ON `orders` (`status`,`completed_at`);