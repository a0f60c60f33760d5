-- A diner's order is one statement with its commit; it takes its table's turn first. The table's row is locked as a
-- waiter call's transaction locks it (FOR NO KEY UPDATE: other tables' orders and readers are not held), and
-- the table's orders of the window are counted after the lock by a query of its own: each query of a VOLATILE
-- function sees what committed before it, so an order that waited behind another of its table counts that one (the
-- order's statement, whose snapshot was taken before the wait, would not). So does the Idempotency-Key: an order this
-- key made from this table and device meanwhile ends the statement with SQLSTATE MN409 before the day's counter is
-- touched (no number is spent on a double tap). A table no longer active, or whose token was replaced since the
-- order read it, ends it with MN404 (server/repositories/order-placing.ts).
CREATE FUNCTION order_table_turn(
  p_restaurant uuid, p_table uuid, p_token text, p_device text, p_key text, p_seconds double precision
)
RETURNS integer
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  recent integer;
BEGIN
  PERFORM 1 FROM restaurant_tables
    WHERE id = p_table AND restaurant_id = p_restaurant AND token = p_token AND is_active
    FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the order''s table is no longer active' USING ERRCODE = 'MN404';
  END IF;
  PERFORM 1 FROM orders
    WHERE restaurant_id = p_restaurant AND table_id = p_table AND device_id = p_device AND idempotency_key = p_key;
  IF FOUND THEN
    RAISE EXCEPTION 'the order''s Idempotency-Key made an order meanwhile' USING ERRCODE = 'MN409';
  END IF;
  SELECT count(*)::integer INTO recent FROM orders
    WHERE restaurant_id = p_restaurant AND table_id = p_table
      AND created_at > now() - make_interval(secs => p_seconds);
  RETURN recent;
END
$$;
