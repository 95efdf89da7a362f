-- Refunds a recorded bet once (key <provider>:cancel:<bet id>; its bonus share to bonus: provider_unstake), takes it off its order (an order left
-- without bets becomes cancelled), marks the bet cancelled and writes the cancel's detail line.
CREATE OR REPLACE FUNCTION provider_refund(b provider_transactions, o bet_orders, p_tx TEXT, p_weights JSONB, OUT ledger_id BIGINT, OUT balance_after NUMERIC)
LANGUAGE plpgsql AS $$
DECLARE
  amount NUMERIC := coalesce(b."debitAmount", 0);
  bets INTEGER := greatest(o."totalBetCount" - 1, 0);
BEGIN
  SELECT * INTO ledger_id, balance_after FROM provider_unstake(b, o, amount);
  PERFORM provider_totals(o, greatest(o."betAmount" - amount, 0), bets, o."winAmount", bets = 0, 'cancelled', 'cancelled', p_weights);
  UPDATE provider_transactions SET status = 'cancelled', "updatedAt" = now() WHERE id = b.id;
  PERFORM provider_detail(o.id, -amount, amount, p_tx);
END $$;
