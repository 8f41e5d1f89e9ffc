-- bench/pg_act_setup.sql - the tables bench/pg_act.sql needs, shaped as quiver's own (the
-- columns of `tables` and `actions` in src/server/store/postgres_sql.c): 10000 open tables, each
-- with a history of 40 actions, and a `people` text of about 200 bytes as a table row holds.
-- Run it once in a throwaway database (psql -f bench/pg_act_setup.sql) before
-- pgbench -n -f bench/pg_act.sql; docs/history/benchmarks-5.md, "quiver serve on PostgreSQL".
DROP TABLE IF EXISTS actions;
DROP TABLE IF EXISTS tables;
CREATE TABLE tables (
  id text PRIMARY KEY,
  game text NOT NULL,
  params text NOT NULL,
  seed bigint NOT NULL,
  private bigint NOT NULL,
  v bigint NOT NULL,
  status text NOT NULL,
  created double precision NOT NULL,
  finished double precision,
  record text,
  ai_starts bigint NOT NULL DEFAULT 0,
  stopped text,
  creator text,
  info text,
  people text,
  variant text
);
CREATE INDEX tables_status ON tables(status, created);
CREATE TABLE actions (
  table_id text NOT NULL REFERENCES tables(id),
  idx bigint NOT NULL,
  who text NOT NULL,
  action text NOT NULL,
  automatic bigint NOT NULL,
  at double precision NOT NULL,
  PRIMARY KEY (table_id, idx)
);
INSERT INTO tables (id, game, params, seed, private, v, status, created, people)
SELECT lpad(to_hex(n), 16, '0'), 'three-arrows', '{}', n, n, 40, 'playing',
       extract(epoch FROM now()), repeat('p', 200)
FROM generate_series(1, 10000) AS n;
INSERT INTO actions (table_id, idx, who, action, automatic, at)
SELECT lpad(to_hex(n), 16, '0'), i, '0', 'a1-b2', 0, extract(epoch FROM now())
FROM generate_series(1, 10000) AS n, generate_series(0, 39) AS i;
VACUUM ANALYZE tables;
VACUUM ANALYZE actions;
