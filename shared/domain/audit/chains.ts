import { ARCHIVED_LEDGER_LINKS } from '../history';

/**
 * The hash chains (docs/audit-chains.md): each table whose rows chain, the expression naming a row's
 * chain (its account) and the database function giving a row's canonical content. The triggers of
 * shared/db/functions/audit/ write the chains; the verifier and the daily digest read them from here.
 */
export interface ChainTable {
  /** The chain's name in audit_chain_heads, the table's name. */
  chain: 'game_transactions' | 'bonus_ledger' | 'affiliate_ledger' | 'admin_operation_logs';
  /** A row's account within the chain, as SQL over alias `t`. */
  account: string;
  /** The canonical content of row `t`, as SQL. */
  content: string;
  /**
   * The chain links of the table's archived months (docs/audit-chains.md, "Archived months"), as SQL
   * with the columns of ARCHIVED_LEDGER_LINKS: each stands for its month's rows of an account.
   */
  archived?: string;
}

export const CHAIN_TABLES: readonly ChainTable[] = [
  { chain: 'game_transactions', account: 't."userId"::TEXT', content: 'audit_game_transaction_content(t)', archived: ARCHIVED_LEDGER_LINKS },
  { chain: 'bonus_ledger', account: 't."userId"::TEXT', content: 'audit_bonus_ledger_content(t)' },
  { chain: 'affiliate_ledger', account: 't."userId"::TEXT', content: 'audit_affiliate_ledger_content(t)' },
  { chain: 'admin_operation_logs', account: 'audit_operation_log_account(t."siteCode")', content: 'audit_operation_log_content(t)' },
];
