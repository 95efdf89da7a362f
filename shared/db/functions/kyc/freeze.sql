-- kyc_freeze_refusal: 'kyc.frozenUnderAge' while the player has an under-age flag (kyc_flags, reason
-- `under-age`) that is open (waiting for an operator) or confirmed; NULL otherwise (no flag, or every
-- one dismissed as a data error). The freeze stops money in and play (docs/kyc.md, "Under age: the
-- freeze"): it is asked by rg_exclusion_refusal (shared/db/functions/responsible-gaming/account.sql),
-- so every deposit order, bet (provider calls and simulate), game launch and promotion claim meets it
-- where it meets an exclusion, under the locks they take; and by the deposit credit, which holds a paid
-- deposit of a frozen player (shared/domain/deposit/credit.ts). A flag is written and decided under the
-- player's users row lock (shared/domain/kyc/flags.ts), the lock every money path takes or waits on.
-- A LANGUAGE sql function: listed before its callers in shared/db/functions/index.ts.
CREATE OR REPLACE FUNCTION kyc_freeze_refusal(p_user INTEGER) RETURNS TEXT LANGUAGE sql STABLE AS $$
  SELECT 'kyc.frozenUnderAge'::TEXT
   WHERE EXISTS (SELECT 1 FROM kyc_flags f WHERE f."userId" = p_user AND f.reason = 'under-age' AND f.status IN ('open', 'confirmed'))
$$;
