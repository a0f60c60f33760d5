-- Diners' orders are written several to a statement (server/repositories/order-placing.ts): each takes its table's
-- turn as one order did (migration 0027), and a turn refused no longer ends the statement, it only leaves that order
-- out. Every table of the batch is locked first, in the order of their ids, so two batches that share tables take
-- them in the same order and never wait for each other in a circle; the tables' rows are locked as a waiter call's
-- transaction locks them (FOR NO KEY UPDATE). Then each order, by table and by its place in the batch, is checked by
-- queries of their own: each sees what committed before it (this function is VOLATILE), so what an order waited for
-- is counted. An order's outcome is 'table gone' (no longer active, or its token replaced since the order read it),
-- 'key taken' (its Idempotency-Key made an order from this table and device, before or earlier in this batch) or
-- 'turn', with the table's orders of the window: those committed and those before it in the batch. The tables are
-- found by their primary key (an array, not a set the planner guesses at a hundred rows and answers with a scan of
-- every table), and the window is counted by the table alone: the table was just found to be the restaurant's, and
-- only (table_id, created_at) reads the table's window without walking the restaurant's orders.
CREATE FUNCTION order_table_turns(p_orders jsonb)
RETURNS TABLE (turn_ord integer, turn_outcome text, turn_recent integer)
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  r record;
  current_table uuid;
  batch_keys jsonb;
  batch_taken integer;
  recent integer;
BEGIN
  PERFORM 1 FROM restaurant_tables
    WHERE id = ANY (ARRAY(SELECT (e->>'table_id')::uuid FROM jsonb_array_elements(p_orders) e))
    ORDER BY id
    FOR NO KEY UPDATE;
  FOR r IN
    SELECT * FROM jsonb_to_recordset(p_orders) AS o(
      ord integer, restaurant_id uuid, table_id uuid, table_token text, device_id text, idempotency_key text,
      window_seconds double precision
    )
    ORDER BY o.table_id, o.ord
  LOOP
    IF current_table IS DISTINCT FROM r.table_id THEN
      current_table := r.table_id;
      batch_keys := '[]'::jsonb;
      batch_taken := 0;
    END IF;
    turn_ord := r.ord;
    turn_recent := NULL;
    PERFORM 1 FROM restaurant_tables
      WHERE id = r.table_id AND restaurant_id = r.restaurant_id AND token = r.table_token AND is_active;
    IF NOT FOUND THEN
      turn_outcome := 'table gone';
      RETURN NEXT;
      CONTINUE;
    END IF;
    IF batch_keys @> jsonb_build_array(jsonb_build_array(r.device_id, r.idempotency_key)) THEN
      turn_outcome := 'key taken';
      RETURN NEXT;
      CONTINUE;
    END IF;
    PERFORM 1 FROM orders
      WHERE restaurant_id = r.restaurant_id AND table_id = r.table_id AND device_id = r.device_id
        AND idempotency_key = r.idempotency_key;
    IF FOUND THEN
      turn_outcome := 'key taken';
      RETURN NEXT;
      CONTINUE;
    END IF;
    SELECT count(*)::integer INTO recent FROM orders
      WHERE table_id = r.table_id AND created_at > now() - make_interval(secs => r.window_seconds);
    turn_outcome := 'turn';
    turn_recent := recent + batch_taken;
    RETURN NEXT;
    batch_taken := batch_taken + 1;
    batch_keys := batch_keys || jsonb_build_array(jsonb_build_array(r.device_id, r.idempotency_key));
  END LOOP;
END
$$;
--> statement-breakpoint
DROP FUNCTION order_table_turn(uuid, uuid, text, text, text, double precision);
