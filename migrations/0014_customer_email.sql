-- A customer's optional email (decision K14): their messages go by email too, with a subject.
ALTER TABLE `customer_messages` ADD `subject` text;--> statement-breakpoint
ALTER TABLE `order_stops` ADD `customer_email` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `customer_email` text;--> statement-breakpoint
-- A moment is now one message per channel: the key names its channel.
UPDATE `customer_messages` SET `dedupe_key` = `dedupe_key` || ':' || `channel`;
