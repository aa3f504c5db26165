-- The dispatcher's order search (issue 14, docs/decisions.md W2): order #, internal #,
-- customer names and phones (the order's and its stops'), restaurant, answered from a
-- trigram full-text index so any part of a name or number (3 characters or more) is found
-- without scanning orders. The index row of an order has the order's id as its rowid; one
-- view says what is indexed, and triggers keep the index in step with orders and stops.
CREATE VIRTUAL TABLE orders_search USING fts5(order_number, internal_number, customer, phone, restaurant, stops, tokenize = 'trigram');
--> statement-breakpoint
CREATE VIEW orders_search_source AS
SELECT o.id AS order_id, o.order_number, coalesce(o.internal_order_number, '') AS internal_number, o.customer_name AS customer,
  o.customer_phone AS phone, o.restaurant_name AS restaurant,
  coalesce((SELECT group_concat(s.customer_name || ' ' || s.customer_phone, ' ') FROM order_stops s WHERE s.order_id = o.id), '') AS stops
FROM orders o;
--> statement-breakpoint
INSERT INTO orders_search (rowid, order_number, internal_number, customer, phone, restaurant, stops)
SELECT order_id, order_number, internal_number, customer, phone, restaurant, stops FROM orders_search_source;
--> statement-breakpoint
CREATE TRIGGER orders_search_insert AFTER INSERT ON orders BEGIN
  INSERT INTO orders_search (rowid, order_number, internal_number, customer, phone, restaurant, stops)
  SELECT order_id, order_number, internal_number, customer, phone, restaurant, stops FROM orders_search_source WHERE order_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER orders_search_update AFTER UPDATE OF order_number, internal_order_number, customer_name, customer_phone, restaurant_name ON orders BEGIN
  DELETE FROM orders_search WHERE rowid = old.id;
  INSERT INTO orders_search (rowid, order_number, internal_number, customer, phone, restaurant, stops)
  SELECT order_id, order_number, internal_number, customer, phone, restaurant, stops FROM orders_search_source WHERE order_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER orders_search_delete AFTER DELETE ON orders BEGIN
  DELETE FROM orders_search WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER order_stops_search_insert AFTER INSERT ON order_stops BEGIN
  DELETE FROM orders_search WHERE rowid = new.order_id;
  INSERT INTO orders_search (rowid, order_number, internal_number, customer, phone, restaurant, stops)
  SELECT order_id, order_number, internal_number, customer, phone, restaurant, stops FROM orders_search_source WHERE order_id = new.order_id;
END;
--> statement-breakpoint
CREATE TRIGGER order_stops_search_update AFTER UPDATE OF customer_name, customer_phone ON order_stops BEGIN
  DELETE FROM orders_search WHERE rowid = new.order_id;
  INSERT INTO orders_search (rowid, order_number, internal_number, customer, phone, restaurant, stops)
  SELECT order_id, order_number, internal_number, customer, phone, restaurant, stops FROM orders_search_source WHERE order_id = new.order_id;
END;
--> statement-breakpoint
CREATE TRIGGER order_stops_search_delete AFTER DELETE ON order_stops BEGIN
  DELETE FROM orders_search WHERE rowid = old.order_id;
  INSERT INTO orders_search (rowid, order_number, internal_number, customer, phone, restaurant, stops)
  SELECT order_id, order_number, internal_number, customer, phone, restaurant, stops FROM orders_search_source WHERE order_id = old.order_id;
END;
