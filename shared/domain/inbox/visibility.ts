/**
 * What a player's inbox holds, as SQL shared by the list, the unread count and the reads
 * (docs/decisions/inbox.md, "Inbox read state"). Replacements `:site` and `:userId`.
 *
 * `me` is the player's row: `since`, when the player registered (site-wide messages older than that are
 * not the player's), and `upto`, the player's read-all mark (-infinity before the first read-all).
 * A message is read when it was created at or before `upto`, or has a row in inbox_reads.
 */
export const ME = `me AS (
  SELECT u."createdAt" AS since, COALESCE(k."readUpTo", '-infinity'::timestamptz) AS upto
  FROM users u LEFT JOIN inbox_read_marks k ON k."siteCode" = u."siteCode" AND k."userId" = u.id
  WHERE u.id = :userId AND u."siteCode" = :site
)`;

/**
 * The message `m` is shown: promotional ones are hidden while the player is cooling off or self-excluded
 * (player protection, docs/decisions/responsible-gaming.md, "Player protection: calendar periods, running totals, checked
 * where the money moves"). The lookup names only the player, so it runs once per statement.
 */
export const PROMO_SHOWN = `(m.category <> 'promo' OR NOT EXISTS (SELECT 1 FROM rg_accounts g WHERE g."userId" = :userId AND (g."coolingOffUntil" > now() OR g."selfExcludedUntil" > now())))`;

/** The player's own messages and the site's site-wide messages since the player registered (alias `m`, joined with `me`), as shown. */
export const VISIBLE = `m."siteCode" = :site AND (m."userId" = :userId OR (m."userId" IS NULL AND m."createdAt" >= me.since)) AND ${PROMO_SHOWN}`;

/** The message `m` has a read row of the player. */
const READ_ROW = `EXISTS (SELECT 1 FROM inbox_reads r WHERE r."siteCode" = :site AND r."userId" = :userId AND r."messageId" = m.id)`;

/** The message `m` is read by the player. */
export const IS_READ = `(m."createdAt" <= me.upto OR ${READ_ROW})`;
