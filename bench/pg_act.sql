-- bench/pg_act.sql - a pgbench script shaped like one quiver act on PostgreSQL
-- (qv__store_change in src/server/store/change.c): in one transaction, the DELETE of the
-- actions at and after the history's length (none, as after any act but a takeback), the
-- INSERT of the new action, the UPDATE of the table's row. Here the UPDATE comes first, as it
-- gives the table's new length (quiver knows it without asking) and locks the row, so that two
-- clients on one table never insert the same index; the three statements are those of an act.
-- Tables: bench/pg_act_setup.sql (10000 open tables). Usage:
--   pgbench -n -M prepared -f bench/pg_act.sql -c 4 -j 2 -T 30
\set t random(1, 10000)
BEGIN;
UPDATE tables SET v = v + 1, status = 'playing',
  ai_starts = CASE WHEN 1 <> 0 THEN 0 ELSE ai_starts END, people = COALESCE(NULL, people)
  WHERE id = lpad(to_hex(:t::integer), 16, '0') RETURNING v - 1 AS keep \gset
DELETE FROM actions WHERE table_id = lpad(to_hex(:t::integer), 16, '0') AND idx >= :keep;
INSERT INTO actions (table_id, idx, who, action, automatic, at)
  VALUES (lpad(to_hex(:t::integer), 16, '0'), :keep, '0', 'a1-b2', 0, extract(epoch FROM now()));
END;
