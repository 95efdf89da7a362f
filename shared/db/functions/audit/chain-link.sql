-- The hash chains of the ledgers and the operation log (docs/audit-chains.md). audit_link is a row's
-- hash: SHA-256, as 64 hex digits, of the UTF-8 text `<previous row's hash>\n<seq>\n<content>`, where the
-- first row of a chain has the empty text as its previous hash and content is the table's canonical
-- text (audit_*_content). audit_chain_append moves a chain's head to the new row and answers its seq and
-- hash: the update (an upsert for a chain's first row) locks the head row, so the rows of one chain are
-- numbered one at a time (the wallet's user row lock already orders a player's ledger rows; other
-- chains do not wait on each other).
CREATE OR REPLACE FUNCTION audit_link(p_prev TEXT, p_seq BIGINT, p_content TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(coalesce(p_prev, '') || E'\n' || p_seq::TEXT || E'\n' || p_content, 'UTF8')), 'hex')
$$;

CREATE OR REPLACE FUNCTION audit_chain_append(p_chain TEXT, p_account TEXT, p_row BIGINT, p_content TEXT, OUT seq BIGINT, OUT hash TEXT) LANGUAGE plpgsql AS $$
BEGIN
  -- A plain UPDATE first: cheaper than an upsert (no speculative insert, no separate tuple lock), and
  -- every chain but a new one has its head.
  UPDATE audit_chain_heads h SET seq = h.seq + 1, hash = audit_link(h.hash, h.seq + 1, p_content), "rowId" = p_row
   WHERE h.chain = p_chain AND h.account = p_account
  RETURNING h.seq, h.hash INTO seq, hash;
  IF NOT FOUND THEN
    INSERT INTO audit_chain_heads AS h (chain, account, seq, hash, "rowId") VALUES (p_chain, p_account, 1, audit_link('', 1, p_content), p_row)
    ON CONFLICT (chain, account) DO UPDATE SET seq = h.seq + 1, hash = audit_link(h.hash, h.seq + 1, p_content), "rowId" = p_row
    RETURNING h.seq, h.hash INTO seq, hash;
  END IF;
END $$;
