import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import type { CodeMailKind } from './code-mail-outcomes';

/**
 * The statements over code_mail_outcomes, the versions and marks of the code mails (code-mail-outcomes.ts,
 * code-mail-reconcile.ts).
 */

/** Raises the user's `kind` mail to its next version (1 the first time), not done; answers the version. */
export async function nextCodeMailVersion(transaction: Transaction, userId: number, kind: CodeMailKind): Promise<number> {
  const [{ version }] = await db().query<{ version: number }>(
    `INSERT INTO code_mail_outcomes ("userId", kind, version) VALUES (:userId, :kind, 1)
     ON CONFLICT ("userId", kind) DO UPDATE
       SET version = code_mail_outcomes.version + 1, "doneAt" = NULL, outcome = NULL, "updatedAt" = now()
     RETURNING version`,
    { replacements: { userId, kind }, type: QueryTypes.SELECT, transaction },
  );
  return version;
}

export interface CodeMailState {
  version: number;
  doneAt: Date | null;
}

/** The latest version of the user's `kind` mail and whether it is done; null when none was ever queued. */
export async function codeMailState(userId: number, kind: CodeMailKind): Promise<CodeMailState | null> {
  const [row] = await db().query<CodeMailState>(`SELECT version, "doneAt" FROM code_mail_outcomes WHERE "userId" = :userId AND kind = :kind`, {
    replacements: { userId, kind },
    type: QueryTypes.SELECT,
  });
  return row ?? null;
}

/** Marks that version's mail done (sent, or given up for good); a newer version is left alone. */
export async function markCodeMailDone(userId: number, kind: CodeMailKind, version: number, outcome: string): Promise<void> {
  await db().query(
    `UPDATE code_mail_outcomes SET "doneAt" = now(), outcome = :outcome, "updatedAt" = now()
      WHERE "userId" = :userId AND kind = :kind AND version = :version AND "doneAt" IS NULL`,
    { replacements: { userId, kind, version, outcome: outcome.slice(0, 200) } },
  );
}

/**
 * Of the `lost` mails (userId, kind, version), those still owed: the user's latest version of the kind,
 * not done, queued less than `owedHours` ago, with the code still on record (a withdrawal code also sent
 * less than `ttl` minutes ago); by user and kind.
 */
export async function owedCodeMails(
  transaction: Transaction,
  lost: Array<{ userId: number; kind: CodeMailKind; version: number }>,
  owedHours: number,
  ttl: number,
): Promise<Array<{ userId: number; kind: CodeMailKind; version: number }>> {
  return db().query<{ userId: number; kind: CodeMailKind; version: number }>(
    `SELECT c."userId", c.kind, c.version
         FROM jsonb_to_recordset(CAST(:lost AS JSONB)) AS l("userId" INTEGER, kind TEXT, version INTEGER)
         JOIN code_mail_outcomes c ON c."userId" = l."userId" AND c.kind = l.kind AND c.version = l.version
         JOIN users u ON u.id = c."userId"
        WHERE c."doneAt" IS NULL
          AND c."updatedAt" > now() - make_interval(hours => :owedHours)
          AND CASE c.kind
                WHEN 'verify-email' THEN COALESCE(u."emailVerifyCode", '') <> ''
                ELSE u."withdrawalVerifyCode" IS NOT NULL AND u."withdrawalCodeSentAt" > now() - make_interval(mins => :ttl)
              END
        ORDER BY c."userId", c.kind`,
    {
      replacements: { lost: JSON.stringify(lost), owedHours, ttl },
      type: QueryTypes.SELECT,
      transaction,
    },
  );
}
