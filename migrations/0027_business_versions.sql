-- Each business's own counters of its orders and their stops (issue 31), beside the tables'
-- (0001): a business's polled lists answer 304 while only other businesses' orders change.
-- Named '<table>@<restaurant id>'; made with the business, so a poll always finds them.
INSERT INTO data_versions (name, version) SELECT 'orders@' || id, 0 FROM restaurants;
--> statement-breakpoint
INSERT INTO data_versions (name, version) SELECT 'order_stops@' || id, 0 FROM restaurants;
--> statement-breakpoint
CREATE TRIGGER restaurants_versions_insert AFTER INSERT ON restaurants BEGIN
  INSERT OR IGNORE INTO data_versions (name, version) VALUES ('orders@' || new.id, 0), ('order_stops@' || new.id, 0);
END;
--> statement-breakpoint
CREATE TRIGGER restaurants_versions_delete AFTER DELETE ON restaurants BEGIN
  DELETE FROM data_versions WHERE name IN ('orders@' || old.id, 'order_stops@' || old.id);
END;
--> statement-breakpoint
DROP TRIGGER orders_version_insert;
--> statement-breakpoint
CREATE TRIGGER orders_version_insert AFTER INSERT ON orders BEGIN
  UPDATE data_versions SET version = version + 1 WHERE name IN ('orders', 'orders@' || new.restaurant_id);
END;
--> statement-breakpoint
DROP TRIGGER orders_version_delete;
--> statement-breakpoint
CREATE TRIGGER orders_version_delete AFTER DELETE ON orders BEGIN
  UPDATE data_versions SET version = version + 1 WHERE name IN ('orders', 'orders@' || old.restaurant_id);
END;
--> statement-breakpoint
DROP TRIGGER orders_version_update;
--> statement-breakpoint
CREATE TRIGGER orders_version_update AFTER UPDATE ON orders BEGIN
  UPDATE data_versions SET version = version + 1 WHERE name IN ('orders', 'orders@' || old.restaurant_id, 'orders@' || new.restaurant_id);
END;
--> statement-breakpoint
DROP TRIGGER order_stops_version_insert;
--> statement-breakpoint
CREATE TRIGGER order_stops_version_insert AFTER INSERT ON order_stops BEGIN
  UPDATE data_versions SET version = version + 1
  WHERE name IN ('order_stops', (SELECT 'order_stops@' || restaurant_id FROM orders WHERE id = new.order_id));
END;
--> statement-breakpoint
DROP TRIGGER order_stops_version_delete;
--> statement-breakpoint
CREATE TRIGGER order_stops_version_delete AFTER DELETE ON order_stops BEGIN
  UPDATE data_versions SET version = version + 1
  WHERE name IN ('order_stops', (SELECT 'order_stops@' || restaurant_id FROM orders WHERE id = old.order_id));
END;
--> statement-breakpoint
DROP TRIGGER order_stops_version_update;
--> statement-breakpoint
CREATE TRIGGER order_stops_version_update AFTER UPDATE ON order_stops BEGIN
  UPDATE data_versions SET version = version + 1
  WHERE name IN ('order_stops', (SELECT 'order_stops@' || restaurant_id FROM orders WHERE id = new.order_id));
END;
