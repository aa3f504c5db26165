-- Addresses without a maps key (issue 13): how precise each place's coordinates are,
-- and the ZIP centroids the geocoding chain falls back to (rows loaded by
-- scripts/migrate.ts from the npm package `zipcodes`).
CREATE TABLE `zip_centroids` (
	`zip` text PRIMARY KEY NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`city` text NOT NULL,
	`state` text NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
ALTER TABLE `order_stops` ADD `location_precision` text DEFAULT 'address' NOT NULL CHECK (`location_precision` in ('address', 'zip', 'none'));--> statement-breakpoint
ALTER TABLE `orders` ADD `customer_location_precision` text DEFAULT 'address' NOT NULL CHECK (`customer_location_precision` in ('address', 'zip', 'none'));--> statement-breakpoint
ALTER TABLE `restaurants` ADD `location_precision` text DEFAULT 'address' NOT NULL CHECK (`location_precision` in ('address', 'zip', 'none'));--> statement-breakpoint
-- Places stored before had coordinates from a maps place (address), or none.
UPDATE `order_stops` SET `location_precision` = 'none' WHERE `latitude` IS NULL OR `longitude` IS NULL;--> statement-breakpoint
UPDATE `orders` SET `customer_location_precision` = 'none' WHERE `customer_latitude` IS NULL OR `customer_longitude` IS NULL;--> statement-breakpoint
UPDATE `restaurants` SET `location_precision` = 'none' WHERE `latitude` IS NULL OR `longitude` IS NULL;
