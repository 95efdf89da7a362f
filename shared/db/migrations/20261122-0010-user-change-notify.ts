import type { MigrationContext } from '../migrator';

/**
 * Change notices for the API's in-process user-detail cache (docs/decisions.md, "Cached user-detail"):
 * after a statement changes users rows, Postgres sends `users_changed` on commit (never for a rolled-back
 * transaction) to every listening API process. The payload is the changed ids, comma-separated, or `*`
 * when a statement changed more than 200 rows, truncated the table, or changed site_configs (whose first
 * mascot is the avatar of a user without one). Statement-level with transition tables, so a batch that
 * updates 20 000 balances costs one notice, not 20 000.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE FUNCTION notify_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE ids text;
    BEGIN
      -- Separate branches: the transition table "changed" exists only for users' UPDATE and DELETE.
      IF TG_OP = 'TRUNCATE' OR TG_TABLE_NAME <> 'users' THEN
        PERFORM pg_notify('users_changed', '*');
      ELSIF (SELECT count(*) FROM (SELECT 1 FROM changed LIMIT 201) s) > 200 THEN
        PERFORM pg_notify('users_changed', '*');
      ELSE
        SELECT string_agg(DISTINCT id::text, ',') INTO ids FROM changed;
        IF ids IS NOT NULL THEN PERFORM pg_notify('users_changed', ids); END IF;
      END IF;
      RETURN NULL;
    END $$;

    CREATE TRIGGER users_changed_update AFTER UPDATE ON users
      REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_users_changed();
    CREATE TRIGGER users_changed_delete AFTER DELETE ON users
      REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_users_changed();
    CREATE TRIGGER users_changed_truncate AFTER TRUNCATE ON users
      FOR EACH STATEMENT EXECUTE FUNCTION notify_users_changed();
    CREATE TRIGGER site_configs_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_configs
      FOR EACH STATEMENT EXECUTE FUNCTION notify_users_changed();
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    DROP TRIGGER IF EXISTS users_changed_update ON users;
    DROP TRIGGER IF EXISTS users_changed_delete ON users;
    DROP TRIGGER IF EXISTS users_changed_truncate ON users;
    DROP TRIGGER IF EXISTS site_configs_changed ON site_configs;
    DROP FUNCTION IF EXISTS notify_users_changed();
  `);
}
