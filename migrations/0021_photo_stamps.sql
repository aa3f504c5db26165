ALTER TABLE `photos` ADD `taken_at` integer;--> statement-breakpoint
ALTER TABLE `photos` ADD `taken_latitude` real;--> statement-breakpoint
ALTER TABLE `photos` ADD `taken_longitude` real;