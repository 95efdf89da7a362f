-- The largest amount of money: the largest value a NUMERIC(18,6) money column holds. The functions that
-- keep a balance or a total within the columns call it; shared/domain/wallet/wallet.ts MAX_MONEY is the
-- same value for input validation (test/shared/db-functions.test.ts checks both). IMMUTABLE: Postgres
-- folds it to its constant where it is called.
CREATE OR REPLACE FUNCTION money_max() RETURNS NUMERIC LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 999999999999.999999::NUMERIC
$$;
