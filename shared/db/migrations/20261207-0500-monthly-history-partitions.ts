import type { MigrationContext } from '../migrator';

/**
 * The history tables by month (docs/decisions/bet-record.md, "History tables are partitioned by month";
 * docs/scaling.md, "History by month"): bet_orders, game_transactions and provider_transactions become
 * tables partitioned by range of "createdAt", one partition per UTC month plus a default partition that
 * takes any row whose month has no partition yet, so an insert never fails for a missing month. Existing
 * rows are moved into their months.
 *
 * A unique index of a partitioned table must contain the partition key, so the three keys that exactly
 * once relied on (the ledger's "idempotencyKey", a provider call's (provider, kind, "transactionId"), a
 * round's (site, provider, game number, player)) move to small unpartitioned tables of the keys of the
 * providers' reconciliation window (history_key_window."keysFrom"), filled and emptied by triggers on
 * the history tables (shared/db/functions/history/keys.sql); the keys of the rows inside the window are
 * copied here. Older rows keep a plain index on the same columns, through which a key older than the
 * window is looked up.
 *
 * The foreign keys that named bet_orders(id) (bet_details, provider_transactions) cannot stay: a foreign
 * key must point at a unique index, and bet_orders' can only be (id, "createdAt"). Their writers are the
 * one bet-order writer and the provider functions, which write the order id they have just written or
 * locked (decision record above).
 *
 * The functions whose signatures use these tables' row types are dropped here, and every function file is
 * applied again after the migrations (its record in db_function_files is forgotten): the files create the
 * triggers (chains, report capture, events, keys) on the new tables.
 *
 * The rules are frozen here (a migration means the same thing forever): UTC months; partitions from the
 * oldest row's month to three months ahead; a window of 4 months for the keys copied.
 */
const TABLES = ['bet_orders', 'game_transactions', 'provider_transactions'] as const;

export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const run = (sql: string) => sequelize.query(sql, { transaction });
    await run(`LOCK TABLE bet_orders, game_transactions, provider_transactions, bet_details IN ACCESS EXCLUSIVE MODE`);
    await run(`ALTER TABLE bet_details DROP CONSTRAINT IF EXISTS "bet_details_betOrderId_fkey"`);
    await run(`ALTER TABLE provider_transactions DROP CONSTRAINT IF EXISTS "provider_transactions_betOrderId_fkey"`);
    // Functions taking or returning these row types would follow the old tables; the files bring them back.
    await run(`
      DO $$
      DECLARE f RECORD;
      BEGIN
        FOR f IN SELECT DISTINCT p.oid::regprocedure AS signature FROM pg_proc p
                  WHERE p.pronamespace = 'public'::regnamespace
                    AND (p.prorettype IN ('bet_orders'::regtype, 'game_transactions'::regtype, 'provider_transactions'::regtype)
                         OR p.proargtypes::oid[] && ARRAY['bet_orders'::regtype, 'game_transactions'::regtype, 'provider_transactions'::regtype]::oid[]) LOOP
          EXECUTE format('DROP FUNCTION %s CASCADE', f.signature);
        END LOOP;
      END $$`);
    await run(`DO $$ BEGIN IF to_regclass('db_function_files') IS NOT NULL THEN DELETE FROM db_function_files; END IF; END $$`);

    for (const table of TABLES) await partition(run, table);

    await run(`
      ALTER TABLE bet_orders ADD PRIMARY KEY (id, "createdAt");
      ALTER TABLE bet_orders ADD FOREIGN KEY ("userId") REFERENCES users(id);
      CREATE INDEX bet_orders_round ON bet_orders ("siteCode", "providerCode", "gameNumber", "userId");
      CREATE INDEX bet_orders_site_settled_period ON bet_orders ("siteCode", (COALESCE("settledAt", "betDatetime"))) WHERE status = 'valid' AND settled;
      CREATE INDEX bet_orders_site_time ON bet_orders ("siteCode", "betDatetime" DESC);
      CREATE INDEX bet_orders_user_time ON bet_orders ("userId", "betDatetime" DESC);

      ALTER TABLE game_transactions ADD PRIMARY KEY (id, "createdAt");
      CREATE INDEX game_transactions_key ON game_transactions ("idempotencyKey");
      CREATE INDEX game_transactions_site_time ON game_transactions ("siteCode", "createdAt");
      CREATE INDEX game_transactions_user ON game_transactions ("userId", id DESC);

      ALTER TABLE provider_transactions ADD PRIMARY KEY (id, "createdAt");
      ALTER TABLE provider_transactions ADD FOREIGN KEY ("userId") REFERENCES users(id);
      CREATE INDEX provider_transactions_call ON provider_transactions (provider, kind, "transactionId");
      CREATE INDEX provider_transactions_bet_ref ON provider_transactions (provider, "betTransactionId") WHERE "betTransactionId" IS NOT NULL;
      CREATE INDEX provider_transactions_round ON provider_transactions (provider, "userId", "roundId");
      CREATE INDEX provider_transactions_site_time ON provider_transactions ("siteCode", "createdAt");
    `);

    await run(`
      CREATE TABLE history_key_window (
        id BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (id),
        "keysFrom" TIMESTAMPTZ NOT NULL
      );
      INSERT INTO history_key_window (id, "keysFrom") VALUES (TRUE, now() - INTERVAL '4 months');

      CREATE TABLE game_transaction_keys (
        "idempotencyKey" VARCHAR(160) PRIMARY KEY,
        "createdAt" TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX game_transaction_keys_time ON game_transaction_keys ("createdAt");
      CREATE TABLE provider_transaction_keys (
        provider VARCHAR(16) NOT NULL,
        kind VARCHAR(16) NOT NULL,
        "transactionId" VARCHAR(120) NOT NULL,
        "betTransactionId" VARCHAR(120),
        "createdAt" TIMESTAMPTZ NOT NULL,
        PRIMARY KEY (provider, kind, "transactionId")
      );
      CREATE INDEX provider_transaction_keys_cancel ON provider_transaction_keys (provider, "betTransactionId") WHERE kind = 'cancel';
      CREATE INDEX provider_transaction_keys_time ON provider_transaction_keys ("createdAt");
      CREATE TABLE bet_order_keys (
        "siteCode" VARCHAR(30) NOT NULL,
        "providerCode" VARCHAR(16) NOT NULL,
        "gameNumber" VARCHAR(120) NOT NULL,
        "userId" INTEGER NOT NULL,
        "createdAt" TIMESTAMPTZ NOT NULL,
        PRIMARY KEY ("siteCode", "providerCode", "gameNumber", "userId")
      );
      CREATE INDEX bet_order_keys_time ON bet_order_keys ("createdAt");

      INSERT INTO game_transaction_keys SELECT "idempotencyKey", "createdAt" FROM game_transactions WHERE "createdAt" >= (SELECT "keysFrom" FROM history_key_window);
      INSERT INTO provider_transaction_keys SELECT provider, kind, "transactionId", "betTransactionId", "createdAt"
        FROM provider_transactions WHERE "createdAt" >= (SELECT "keysFrom" FROM history_key_window);
      INSERT INTO bet_order_keys SELECT "siteCode", "providerCode", "gameNumber", "userId", "createdAt"
        FROM bet_orders WHERE "createdAt" >= (SELECT "keysFrom" FROM history_key_window);

      CREATE TABLE history_archives (
        "table" VARCHAR(40) NOT NULL,
        month DATE NOT NULL,
        "storageKey" VARCHAR(255) NOT NULL,
        "rowCount" BIGINT NOT NULL,
        sha256 CHAR(64) NOT NULL,
        manifest JSONB NOT NULL,
        "archivedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
        "restoredAt" TIMESTAMPTZ,
        PRIMARY KEY ("table", month)
      );
    `);
  });
}

/**
 * One table: renamed aside, the partitioned table created like it (columns in the same order, defaults,
 * checks), its months and default partition, the rows moved, the old table dropped and its id sequence
 * handed over.
 */
async function partition(run: (sql: string) => Promise<unknown>, table: string): Promise<void> {
  await run(`
    ALTER TABLE ${table} RENAME TO ${table}_unpartitioned;
    ALTER SEQUENCE ${table}_id_seq OWNED BY NONE;
    CREATE TABLE ${table} (LIKE ${table}_unpartitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE ("createdAt");
    DO $$
    DECLARE
      first_month DATE := date_trunc('month', coalesce((SELECT min("createdAt") FROM ${table}_unpartitioned), now()) AT TIME ZONE 'UTC')::DATE;
      last_month DATE := (date_trunc('month', now() AT TIME ZONE 'UTC') + INTERVAL '3 months')::DATE;
      m DATE;
    BEGIN
      m := first_month;
      WHILE m <= last_month LOOP
        EXECUTE format('CREATE TABLE %I PARTITION OF ${table} FOR VALUES FROM (%L) TO (%L)',
                       '${table}_' || to_char(m, 'YYYY_MM'), (m::TIMESTAMP AT TIME ZONE 'UTC'), ((m + INTERVAL '1 month')::TIMESTAMP AT TIME ZONE 'UTC'));
        m := (m + INTERVAL '1 month')::DATE;
      END LOOP;
    END $$;
    CREATE TABLE ${table}_default PARTITION OF ${table} DEFAULT;
    INSERT INTO ${table} SELECT * FROM ${table}_unpartitioned;
    DROP TABLE ${table}_unpartitioned;
    ALTER SEQUENCE ${table}_id_seq OWNED BY ${table}.id;
  `);
}

/**
 * Back to one plain table each, with the unique keys and foreign keys they had. Refused while a month
 * is archived and not restored: its rows are not in the database.
 */
export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const run = (sql: string) => sequelize.query(sql, { transaction });
    const [[archived]] = (await run(`SELECT count(*)::int AS n FROM history_archives WHERE "restoredAt" IS NULL`)) as [Array<{ n: number }>, unknown];
    if (archived.n > 0) throw new Error(`${archived.n} archived months are not in the database: restore them first (npm run archive:restore)`);
    await run(`DROP TABLE history_archives, bet_order_keys, provider_transaction_keys, game_transaction_keys, history_key_window`);
    for (const table of TABLES) {
      await run(`
        ALTER TABLE ${table} RENAME TO ${table}_partitioned;
        ALTER SEQUENCE ${table}_id_seq OWNED BY NONE;
        CREATE TABLE ${table} (LIKE ${table}_partitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS);
        INSERT INTO ${table} SELECT * FROM ${table}_partitioned;
        DROP TABLE ${table}_partitioned;
        ALTER SEQUENCE ${table}_id_seq OWNED BY ${table}.id;
      `);
    }
    await run(`
      ALTER TABLE bet_orders ADD PRIMARY KEY (id);
      ALTER TABLE bet_orders ADD UNIQUE ("siteCode", "providerCode", "gameNumber", "userId");
      ALTER TABLE bet_orders ADD FOREIGN KEY ("userId") REFERENCES users(id);
      CREATE INDEX bet_orders_site_settled_period ON bet_orders ("siteCode", (COALESCE("settledAt", "betDatetime"))) WHERE status = 'valid' AND settled;
      CREATE INDEX bet_orders_site_time ON bet_orders ("siteCode", "betDatetime" DESC);
      CREATE INDEX bet_orders_user_time ON bet_orders ("userId", "betDatetime" DESC);

      ALTER TABLE game_transactions ADD PRIMARY KEY (id);
      ALTER TABLE game_transactions ADD UNIQUE ("idempotencyKey");
      CREATE INDEX game_transactions_site_time ON game_transactions ("siteCode", "createdAt");
      CREATE INDEX game_transactions_user ON game_transactions ("userId", id DESC);

      ALTER TABLE provider_transactions ADD PRIMARY KEY (id);
      ALTER TABLE provider_transactions ADD UNIQUE (provider, kind, "transactionId");
      ALTER TABLE provider_transactions ADD FOREIGN KEY ("userId") REFERENCES users(id);
      ALTER TABLE provider_transactions ADD FOREIGN KEY ("betOrderId") REFERENCES bet_orders(id);
      CREATE INDEX provider_transactions_bet_ref ON provider_transactions (provider, "betTransactionId") WHERE "betTransactionId" IS NOT NULL;
      CREATE INDEX provider_transactions_round ON provider_transactions (provider, "userId", "roundId");
      CREATE INDEX provider_transactions_site_time ON provider_transactions ("siteCode", "createdAt");

      ALTER TABLE bet_details ADD FOREIGN KEY ("betOrderId") REFERENCES bet_orders(id) ON DELETE CASCADE;
    `);
  });
}
