-- A provider refusal, raised with SQLSTATE PV000 (MESSAGE is its name, DETAIL its detail); the call's
-- whole transaction rolls back and shared/domain/providers/seamless-wallet.ts maps it (and WL000, a
-- wallet refusal whose MESSAGE is the wallet's reason).
CREATE OR REPLACE FUNCTION provider_refuse(p_reason TEXT, p_detail TEXT DEFAULT NULL) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'PV000', MESSAGE = p_reason, DETAIL = coalesce(p_detail, '');
END $$;
