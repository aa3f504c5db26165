-- The dispatcher's search finds addresses too (issue 29, decision W2): the order's customer
-- address and every stop's, in the trigram index of migration 0011. An FTS5 table takes no
-- new column, so the index is made again with one and filled from the orders there are.
-- What an order's index row holds is said once, in orders_search_source, and written once,
-- by the INSTEAD OF trigger of orders_search_refresh: the triggers on orders and stops only
-- name the order to index again.
-- A courier's name is not indexed: assignments change all day, so the search finds it in
-- couriers and users instead (src/db/orders/read.ts).
DROP TRIGGER orders_search_insert;--> statement-breakpoint
DROP TRIGGER orders_search_update;--> statement-breakpoint
DROP TRIGGER orders_search_delete;--> statement-breakpoint
DROP TRIGGER order_stops_search_insert;--> statement-breakpoint
DROP TRIGGER order_stops_search_update;--> statement-breakpoint
DROP TRIGGER order_stops_search_delete;--> statement-breakpoint
DROP VIEW orders_search_source;--> statement-breakpoint
DROP TABLE orders_search;--> statement-breakpoint
CREATE VIRTUAL TABLE orders_search USING fts5(order_number, internal_number, customer, phone, restaurant, address, stops, tokenize = 'trigram');--> statement-breakpoint
CREATE VIEW orders_search_source AS
SELECT o.id AS order_id, o.order_number, coalesce(o.internal_order_number, '') AS internal_number, o.customer_name AS customer,
  o.customer_phone AS phone, o.restaurant_name AS restaurant, o.customer_address AS address,
  coalesce((SELECT group_concat(s.customer_name || ' ' || s.customer_phone || ' ' || s.address, ' ') FROM order_stops s WHERE s.order_id = o.id), '') AS stops
FROM orders o;--> statement-breakpoint
CREATE VIEW orders_search_refresh AS SELECT id AS order_id FROM orders WHERE 0;--> statement-breakpoint
CREATE TRIGGER orders_search_refresh_row INSTEAD OF INSERT ON orders_search_refresh BEGIN
  DELETE FROM orders_search WHERE rowid = NEW.order_id;
  INSERT INTO orders_search (rowid, order_number, internal_number, customer, phone, restaurant, address, stops)
  SELECT order_id, order_number, internal_number, customer, phone, restaurant, address, stops FROM orders_search_source WHERE order_id = NEW.order_id;
END;--> statement-breakpoint
INSERT INTO orders_search (rowid, order_number, internal_number, customer, phone, restaurant, address, stops)
SELECT order_id, order_number, internal_number, customer, phone, restaurant, address, stops FROM orders_search_source;--> statement-breakpoint
CREATE TRIGGER orders_search_insert AFTER INSERT ON orders BEGIN
  INSERT INTO orders_search_refresh (order_id) VALUES (NEW.id);
END;--> statement-breakpoint
CREATE TRIGGER orders_search_update AFTER UPDATE OF order_number, internal_order_number, customer_name, customer_phone, customer_address, restaurant_name ON orders BEGIN
  INSERT INTO orders_search_refresh (order_id) VALUES (NEW.id);
END;--> statement-breakpoint
CREATE TRIGGER orders_search_delete AFTER DELETE ON orders BEGIN
  DELETE FROM orders_search WHERE rowid = OLD.id;
END;--> statement-breakpoint
CREATE TRIGGER order_stops_search_insert AFTER INSERT ON order_stops BEGIN
  INSERT INTO orders_search_refresh (order_id) VALUES (NEW.order_id);
END;--> statement-breakpoint
CREATE TRIGGER order_stops_search_update AFTER UPDATE OF customer_name, customer_phone, address ON order_stops BEGIN
  INSERT INTO orders_search_refresh (order_id) VALUES (NEW.order_id);
END;--> statement-breakpoint
CREATE TRIGGER order_stops_search_delete AFTER DELETE ON order_stops BEGIN
  INSERT INTO orders_search_refresh (order_id) VALUES (OLD.order_id);
END;
