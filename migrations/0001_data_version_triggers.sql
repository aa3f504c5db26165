-- Each table's counter in data_versions goes up on every write to the table.
-- Polled partials put the counters they depend on in their ETag: when nothing
-- changed, a poll costs one indexed read and a 304.
-- Couriers' live position (courier_latitude, courier_longitude, last_location_update_time)
-- is written every few seconds and is left out, so it does not invalidate every page.
INSERT INTO data_versions (name, version) VALUES ('zones', 0), ('users', 0), ('restaurants', 0), ('couriers', 0), ('orders', 0), ('order_stops', 0);
--> statement-breakpoint
CREATE TRIGGER zones_version_insert AFTER INSERT ON zones BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'zones'; END;
--> statement-breakpoint
CREATE TRIGGER zones_version_delete AFTER DELETE ON zones BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'zones'; END;
--> statement-breakpoint
CREATE TRIGGER zones_version_update AFTER UPDATE ON zones BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'zones'; END;
--> statement-breakpoint
CREATE TRIGGER users_version_insert AFTER INSERT ON users BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'users'; END;
--> statement-breakpoint
CREATE TRIGGER users_version_delete AFTER DELETE ON users BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'users'; END;
--> statement-breakpoint
CREATE TRIGGER users_version_update AFTER UPDATE ON users BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'users'; END;
--> statement-breakpoint
CREATE TRIGGER restaurants_version_insert AFTER INSERT ON restaurants BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'restaurants'; END;
--> statement-breakpoint
CREATE TRIGGER restaurants_version_delete AFTER DELETE ON restaurants BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'restaurants'; END;
--> statement-breakpoint
CREATE TRIGGER restaurants_version_update AFTER UPDATE ON restaurants BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'restaurants'; END;
--> statement-breakpoint
CREATE TRIGGER couriers_version_insert AFTER INSERT ON couriers BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'couriers'; END;
--> statement-breakpoint
CREATE TRIGGER couriers_version_delete AFTER DELETE ON couriers BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'couriers'; END;
--> statement-breakpoint
CREATE TRIGGER couriers_version_update AFTER UPDATE ON couriers WHEN old.courier_latitude IS new.courier_latitude AND old.courier_longitude IS new.courier_longitude AND old.last_location_update_time IS new.last_location_update_time BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'couriers'; END;
--> statement-breakpoint
CREATE TRIGGER orders_version_insert AFTER INSERT ON orders BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'orders'; END;
--> statement-breakpoint
CREATE TRIGGER orders_version_delete AFTER DELETE ON orders BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'orders'; END;
--> statement-breakpoint
CREATE TRIGGER orders_version_update AFTER UPDATE ON orders BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'orders'; END;
--> statement-breakpoint
CREATE TRIGGER order_stops_version_insert AFTER INSERT ON order_stops BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'order_stops'; END;
--> statement-breakpoint
CREATE TRIGGER order_stops_version_delete AFTER DELETE ON order_stops BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'order_stops'; END;
--> statement-breakpoint
CREATE TRIGGER order_stops_version_update AFTER UPDATE ON order_stops BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'order_stops'; END;
