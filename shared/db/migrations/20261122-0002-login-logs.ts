import type { MigrationContext } from '../migrator';

/** Player login log: LOGIN, LOGOUT, LOGIN_FAIL, DEL, UNCAPTURED rows. */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE TABLE user_login_logs (
      id BIGSERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "userId" INTEGER REFERENCES users(id) ON DELETE SET NULL,
      device VARCHAR(255) NOT NULL DEFAULT '',
      ip VARCHAR(64) NOT NULL DEFAULT '',
      "lastUse" TIMESTAMPTZ NOT NULL DEFAULT now(),
      action VARCHAR(20) NOT NULL CHECK (action IN ('LOGIN', 'LOGOUT', 'LOGIN_FAIL', 'DEL', 'UNCAPTURED')),
      remark VARCHAR(120),
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX user_login_logs_user ON user_login_logs ("userId", id DESC);
    CREATE INDEX user_login_logs_open ON user_login_logs ("userId") WHERE action = 'LOGIN';
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query('DROP TABLE IF EXISTS user_login_logs');
}
