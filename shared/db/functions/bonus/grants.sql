-- The life of a bonus grant (docs/decisions/bonus.md), each step one function under the player's row
-- lock, then the grant's row (the order every bonus path takes: users, then bonus_grants). Money moves
-- only through the wallet's functions: bonus_move (the bonus balance) and wallet_move (the cash a
-- conversion pays). A step that finds the grant no longer active moves nothing: of a conversion, a
-- forfeit, an expiry and a bet racing each other, the first under the lock decides and the others see it.

-- The share (0 to 100) of a stake of game type p_game_type (its code) that counts towards wagering: the
-- site setting bonus.contributionWeights, by game type code (shared/domain/site-config/bonus-settings.ts);
-- 100 unless set.
CREATE OR REPLACE FUNCTION bonus_weight(p_site TEXT, p_game_type TEXT) RETURNS NUMERIC LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT (settings #>> ARRAY['bonus', 'contributionWeights', p_game_type])::NUMERIC FROM site_configs WHERE "siteCode" = p_site), 100)
$$;

-- Ends an active grant the caller has locked (p_status forfeited or expired): its whole balance leaves
-- as one ledger row of kind p_kind (key p_key, by default bonus:end:<grant>). Answers the amount that
-- left. Called on a grant that has already ended (a provider's late win or refund share credited to it,
-- bonus_credit), the share leaves the same way and adds to its forfeited amount; its status and how it
-- ended stay.
CREATE OR REPLACE FUNCTION bonus_end(p_grant bonus_grants, p_status TEXT, p_kind TEXT, p_reason TEXT, p_by INTEGER, p_bet_order BIGINT,
                                     p_key TEXT DEFAULT NULL)
RETURNS NUMERIC LANGUAGE plpgsql AS $$
DECLARE
  m RECORD;
BEGIN
  IF p_grant.balance > 0 THEN
    SELECT * INTO m FROM bonus_move(p_grant."userId", p_grant.id, -p_grant.balance, p_kind, coalesce(p_key, 'bonus:end:' || p_grant.id), p_bet_order, p_reason);
    IF m.refusal IS NOT NULL THEN RAISE EXCEPTION 'bonus_end: grant % refused %', p_grant.id, m.refusal; END IF;
  END IF;
  UPDATE bonus_grants g SET status = CASE WHEN g.status = 'active' THEN p_status ELSE g.status END,
                            "forfeitedAmount" = coalesce(g."forfeitedAmount", 0) + p_grant.balance, "convertedAmount" = coalesce(g."convertedAmount", 0),
                            "endReason" = coalesce(g."endReason", left(p_reason, 300)), "endedBy" = CASE WHEN g.status = 'active' THEN p_by ELSE g."endedBy" END,
                            "endedAt" = coalesce(g."endedAt", now()), "updatedAt" = now()
   WHERE g.id = p_grant.id;
  RETURN p_grant.balance;
END $$;

-- Converts an active grant the caller has locked whose wagering is complete: its balance up to the max
-- conversion becomes cash (a bonus-convert row in both ledgers), the rest is forfeited (bonus-forfeit).
-- Answers the cash paid. Called on a converted grant (a provider's late win share credited to it,
-- bonus_credit, with p_key), the share converts the same way within what is left of the max conversion,
-- under keys convert:<p_key> and forfeit:<p_key>, and adds to the grant's amounts.
CREATE OR REPLACE FUNCTION bonus_convert(p_grant bonus_grants, p_bet_order BIGINT, p_key TEXT DEFAULT NULL) RETURNS NUMERIC LANGUAGE plpgsql AS $$
DECLARE
  room NUMERIC := CASE WHEN p_grant."maxConversion" IS NULL THEN p_grant.balance
                       ELSE greatest(p_grant."maxConversion" - coalesce(p_grant."convertedAmount", 0), 0) END;
  paid NUMERIC := least(p_grant.balance, room);
  rest NUMERIC := p_grant.balance - least(p_grant.balance, room);
  m RECORD;
  w RECORD;
BEGIN
  IF paid > 0 THEN
    SELECT * INTO m FROM bonus_move(p_grant."userId", p_grant.id, -paid, 'bonus-convert', coalesce('convert:' || p_key, 'bonus:convert:' || p_grant.id),
                                    p_bet_order, 'wagering complete');
    IF m.refusal IS NOT NULL THEN RAISE EXCEPTION 'bonus_convert: grant % refused %', p_grant.id, m.refusal; END IF;
    SELECT * INTO w FROM wallet_move(p_grant."userId", paid, 0, 'bonus-convert', coalesce('convert:' || p_key, 'bonus:convert:' || p_grant.id), 'bonus-grant',
                                     p_grant.id::TEXT, p_bet_order, 'bonus converted', TRUE);
    IF w.refusal IS NOT NULL THEN RAISE EXCEPTION USING ERRCODE = 'WL000', MESSAGE = w.refusal; END IF;
  END IF;
  IF rest > 0 THEN
    SELECT * INTO m FROM bonus_move(p_grant."userId", p_grant.id, -rest, 'bonus-forfeit', coalesce('forfeit:' || p_key, 'bonus:end:' || p_grant.id),
                                    p_bet_order, 'above the max conversion');
    IF m.refusal IS NOT NULL THEN RAISE EXCEPTION 'bonus_convert: grant % refused %', p_grant.id, m.refusal; END IF;
  END IF;
  UPDATE bonus_grants g SET status = 'converted', "convertedAmount" = coalesce(g."convertedAmount", 0) + paid,
                            "forfeitedAmount" = coalesce(g."forfeitedAmount", 0) + rest, "endReason" = coalesce(g."endReason", 'wagering complete'),
                            "endedAt" = coalesce(g."endedAt", now()), "updatedAt" = now()
   WHERE g.id = p_grant.id;
  RETURN paid;
END $$;

-- A new grant of p_amount to player p_user of site p_site (refusals answered, nothing written:
-- playerNotFound, grantActive the player has an active grant, offerUsed the player has had a grant of
-- deposit offer p_offer). The grant starts at zero and its
-- bonus-grant movement brings its balance to the amount. Answers the new grant's id.
CREATE OR REPLACE FUNCTION bonus_grant(p_site TEXT, p_user INTEGER, p_source TEXT, p_amount NUMERIC, p_wagering NUMERIC, p_max_bet NUMERIC,
                                       p_max_conversion NUMERIC, p_expires TIMESTAMPTZ, p_reason TEXT, p_by INTEGER, p_offer BIGINT DEFAULT NULL,
                                       OUT refusal TEXT, OUT grant_id BIGINT) LANGUAGE plpgsql AS $$
DECLARE
  m RECORD;
BEGIN
  PERFORM 1 FROM users x WHERE x.id = p_user AND x."siteCode" = p_site FOR NO KEY UPDATE;
  IF NOT FOUND THEN refusal := 'playerNotFound'; RETURN; END IF;
  IF p_offer IS NOT NULL AND EXISTS (SELECT 1 FROM bonus_grants g WHERE g."userId" = p_user AND g."offerId" = p_offer) THEN
    refusal := 'offerUsed'; RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM bonus_grants g WHERE g."userId" = p_user AND g.status = 'active') THEN refusal := 'grantActive'; RETURN; END IF;
  INSERT INTO bonus_grants ("siteCode", "userId", source, amount, balance, "wageringRequired", "maxBet", "maxConversion", "expiresAt", reason, "grantedBy", "offerId")
  VALUES (p_site, p_user, p_source, p_amount, 0, p_wagering, p_max_bet, p_max_conversion, p_expires, left(p_reason, 300), p_by, p_offer)
  RETURNING id INTO grant_id;
  SELECT * INTO m FROM bonus_move(p_user, grant_id, p_amount, 'bonus-grant', 'bonus:grant:' || grant_id, NULL, p_reason);
  IF m.refusal IS NOT NULL THEN RAISE EXCEPTION USING ERRCODE = 'WL000', MESSAGE = m.refusal; END IF;
END $$;

-- Forfeits grant p_grant of site p_site (of player p_user when given): answers the amount forfeited, or
-- the refusal grantNotFound (no such grant of the site, or of the player) or grantEnded (not active:
-- converted, forfeited or expired first).
CREATE OR REPLACE FUNCTION bonus_forfeit(p_site TEXT, p_grant BIGINT, p_user INTEGER, p_reason TEXT, p_by INTEGER,
                                         OUT refusal TEXT, OUT forfeited NUMERIC) LANGUAGE plpgsql AS $$
DECLARE
  owner INTEGER;
  g bonus_grants;
BEGIN
  SELECT x."userId" INTO owner FROM bonus_grants x WHERE x.id = p_grant AND x."siteCode" = p_site AND (p_user IS NULL OR x."userId" = p_user);
  IF owner IS NULL THEN refusal := 'grantNotFound'; RETURN; END IF;
  PERFORM 1 FROM users x WHERE x.id = owner FOR NO KEY UPDATE;
  SELECT * INTO g FROM bonus_grants x WHERE x.id = p_grant FOR NO KEY UPDATE;
  IF g.status <> 'active' THEN refusal := 'grantEnded'; RETURN; END IF;
  forfeited := bonus_end(g, 'forfeited', 'bonus-forfeit', p_reason, p_by, NULL);
END $$;

-- Forfeits every active grant of player p_user (a withdrawal request, an exclusion starting); the caller
-- may already hold the player's row lock. Answers the total forfeited.
CREATE OR REPLACE FUNCTION bonus_forfeit_all(p_user INTEGER, p_reason TEXT) RETURNS NUMERIC LANGUAGE plpgsql AS $$
DECLARE
  g bonus_grants;
  total NUMERIC := 0;
BEGIN
  PERFORM 1 FROM users x WHERE x.id = p_user FOR NO KEY UPDATE;
  FOR g IN SELECT * FROM bonus_grants x WHERE x."userId" = p_user AND x.status = 'active' ORDER BY x.id FOR NO KEY UPDATE LOOP
    total := total + bonus_end(g, 'forfeited', 'bonus-forfeit', p_reason, NULL, NULL);
  END LOOP;
  RETURN total;
END $$;

-- Expires grant p_grant if it is still active and past its expiry (the expiry job): answers the amount
-- that expired, or NULL when the grant had ended or was not yet due (a bet under the lock came first).
CREATE OR REPLACE FUNCTION bonus_expire(p_grant BIGINT) RETURNS NUMERIC LANGUAGE plpgsql AS $$
DECLARE
  owner INTEGER;
  g bonus_grants;
BEGIN
  SELECT x."userId" INTO owner FROM bonus_grants x WHERE x.id = p_grant;
  IF owner IS NULL THEN RETURN NULL; END IF;
  PERFORM 1 FROM users x WHERE x.id = owner FOR NO KEY UPDATE;
  SELECT * INTO g FROM bonus_grants x WHERE x.id = p_grant FOR NO KEY UPDATE;
  IF g.status <> 'active' OR g."expiresAt" > now() THEN RETURN NULL; END IF;
  RETURN bonus_end(g, 'expired', 'bonus-expire', 'expired', NULL, NULL);
END $$;

-- The max bet rule, once: a stake above a grant's max bet (none: no limit) is refused while the grant is
-- active and not expired (which the caller knows: bonus_stake has ended an expired grant first).
CREATE OR REPLACE FUNCTION bonus_stake_passes_max(g bonus_grants, p_bet NUMERIC) RETURNS BOOLEAN LANGUAGE sql IMMUTABLE AS $$
  SELECT g."maxBet" IS NOT NULL AND p_bet > g."maxBet"
$$;
