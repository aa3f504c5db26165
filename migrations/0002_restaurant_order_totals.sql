CREATE TABLE `restaurant_order_totals` (
	`restaurant_id` integer PRIMARY KEY NOT NULL,
	`orders_count` integer DEFAULT 0 NOT NULL,
	`amount_cents` integer DEFAULT 0 NOT NULL,
	`delivery_fee_cents` integer DEFAULT 0 NOT NULL,
	`active_count` integer DEFAULT 0 NOT NULL,
	`unfinished_count` integer DEFAULT 0 NOT NULL,
	`completed_count` integer DEFAULT 0 NOT NULL,
	`completed_amount_cents` integer DEFAULT 0 NOT NULL,
	`completed_delivery_fee_cents` integer DEFAULT 0 NOT NULL,
	`completed_tip_cents` integer DEFAULT 0 NOT NULL,
	`completed_courier_pay_cents` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`restaurant_id`) REFERENCES `restaurants`(`id`) ON UPDATE no action ON DELETE cascade
);
