-- The Messages page reads one order's messages (decision K13) and the ETA samples of a period (K15).
CREATE INDEX IF NOT EXISTS `customer_messages_order_idx` ON `customer_messages` (`order_id`,`created_at`);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `tracking_etas_recorded_idx` ON `tracking_etas` (`recorded_at`);
