-- The months of the history tables (docs/decisions/bet-record.md, "History tables are partitioned by
-- month"): bet_orders, game_transactions and provider_transactions are partitioned by range of
-- "createdAt", one partition per UTC month (<table>_YYYY_MM) and a default partition (<table>_default)
-- that takes a row whose month has none, so an insert never fails for a missing month. The
-- history-partitions job (shared/domain/history/partitions.ts) creates the months ahead and moves any row
-- waiting in the default partition into its month, so the default partition stays empty and every month
-- can be pruned, archived and restored on its own.

CREATE OR REPLACE FUNCTION history_tables() RETURNS TEXT[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['bet_orders', 'game_transactions', 'provider_transactions']
$$;

-- The partition of p_table for the UTC month of p_month, created when missing: the default partition's
-- rows of that month are moved into it (the default partition is detached meanwhile, so the rows move
-- between plain tables and no insert or delete trigger fires: they keep their chain links and report
-- deltas). Answers the partition's name.
CREATE OR REPLACE FUNCTION history_month_partition(p_table TEXT, p_month DATE) RETURNS TEXT LANGUAGE plpgsql AS $$
DECLARE
  m DATE := date_trunc('month', p_month)::DATE;
  part TEXT := p_table || '_' || to_char(m, 'YYYY_MM');
  dflt TEXT := p_table || '_default';
  lo TIMESTAMPTZ := m::TIMESTAMP AT TIME ZONE 'UTC';
  hi TIMESTAMPTZ := (m + INTERVAL '1 month')::TIMESTAMP AT TIME ZONE 'UTC';
  waiting BOOLEAN;
BEGIN
  IF NOT p_table = ANY (history_tables()) THEN RAISE EXCEPTION 'not a history table: %', p_table; END IF;
  IF to_regclass(part) IS NOT NULL THEN RETURN part; END IF;
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE "createdAt" >= %L AND "createdAt" < %L)', dflt, lo, hi) INTO waiting;
  IF NOT waiting THEN
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', part, p_table, lo, hi);
    RETURN part;
  END IF;
  EXECUTE format('ALTER TABLE %I DETACH PARTITION %I', p_table, dflt);
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', part, p_table);
  EXECUTE format('INSERT INTO %I SELECT * FROM %I WHERE "createdAt" >= %L AND "createdAt" < %L', part, dflt, lo, hi);
  EXECUTE format('DELETE FROM %I WHERE "createdAt" >= %L AND "createdAt" < %L', dflt, lo, hi);
  EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', p_table, part, lo, hi);
  EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I DEFAULT', p_table, dflt);
  RETURN part;
END $$;

-- Every history table's months from this one to p_ahead months ahead, and the month of every row
-- waiting in a default partition. Answers the partitions created.
CREATE OR REPLACE FUNCTION history_partitions_ahead(p_ahead INTEGER) RETURNS TEXT[] LANGUAGE plpgsql AS $$
DECLARE
  t TEXT; m DATE; made TEXT[] := '{}';
  this_month DATE := date_trunc('month', now() AT TIME ZONE 'UTC')::DATE;
BEGIN
  FOREACH t IN ARRAY history_tables() LOOP
    FOR m IN EXECUTE format('SELECT DISTINCT date_trunc(''month'', "createdAt" AT TIME ZONE ''UTC'')::DATE FROM %I
                             UNION SELECT ($1 + make_interval(months => i))::DATE FROM generate_series(0, $2) i ORDER BY 1', t || '_default')
             USING this_month, greatest(p_ahead, 0) LOOP
      -- An archived month is not made again: its rows wait in the default partition, and its restore fails
      -- loudly on them, rather than a second archive of the month replacing the first one's record.
      CONTINUE WHEN EXISTS (SELECT 1 FROM history_archives a WHERE a."table" = t AND a.month = m AND a."restoredAt" IS NULL);
      IF to_regclass(t || '_' || to_char(m, 'YYYY_MM')) IS NULL THEN made := made || history_month_partition(t, m); END IF;
    END LOOP;
  END LOOP;
  RETURN made;
END $$;
