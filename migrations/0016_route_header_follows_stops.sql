-- A route's customers are its stops (issue 26, decision B17): the order's customer fields
-- are always its first stop's (the lowest sequence), whichever way a stop is added, edited,
-- reordered or removed. Only orders with stops are touched; a single order has none.
-- The copy is written once, in the INSTEAD OF trigger of a view: the triggers on
-- order_stops name the order whose header to copy again.
CREATE VIEW route_header_sync AS SELECT id AS order_id FROM orders WHERE 0;--> statement-breakpoint
CREATE TRIGGER route_header_sync_copy INSTEAD OF INSERT ON route_header_sync BEGIN
  UPDATE orders SET
    customer_name = s.customer_name, customer_phone = s.customer_phone, customer_email = s.customer_email,
    customer_address = s.address, customer_street = s.address, customer_house = NULL, customer_apartment = NULL,
    customer_city = NULL, customer_state = NULL, customer_zip = NULL,
    customer_latitude = s.latitude, customer_longitude = s.longitude, customer_location_precision = s.location_precision,
    delivery_instructions = s.delivery_instructions
  FROM (SELECT * FROM order_stops WHERE order_id = NEW.order_id ORDER BY sequence LIMIT 1) AS s
  WHERE orders.id = NEW.order_id;
END;--> statement-breakpoint
CREATE TRIGGER order_header_follows_first_stop_insert AFTER INSERT ON order_stops BEGIN
  INSERT INTO route_header_sync (order_id) VALUES (NEW.order_id);
END;--> statement-breakpoint
CREATE TRIGGER order_header_follows_first_stop_update
AFTER UPDATE OF sequence, customer_name, customer_phone, customer_email, address, latitude, longitude, location_precision, delivery_instructions ON order_stops BEGIN
  INSERT INTO route_header_sync (order_id) VALUES (NEW.order_id);
END;--> statement-breakpoint
CREATE TRIGGER order_header_follows_first_stop_delete AFTER DELETE ON order_stops BEGIN
  INSERT INTO route_header_sync (order_id) VALUES (OLD.order_id);
END;--> statement-breakpoint
-- Routes whose header already drifted (an Edit Order before this rule) take their first stop's again.
INSERT INTO route_header_sync (order_id) SELECT DISTINCT order_id FROM order_stops;
