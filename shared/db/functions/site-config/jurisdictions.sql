-- The jurisdiction profiles (docs/decisions/site-config.md, "Jurisdiction profiles: compliance floors a site
-- administrator cannot lower"): the one definition of each profile's floors, read by the TypeScript
-- settings readers and writers (shared/domain/site-config/floors.ts) and by the bets' own statements
-- (the reality check, rg_reality_check_overdue), so the value a site shows and the rule that refuses
-- money cannot disagree. A site's profile is site_configs.jurisdiction ('default' unless an
-- administrator bound to no site assigned another). Keys, each a bound a site may only be stricter than:
--   minimumAge (at least), increaseDelayHours (at least), minimumExclusionMonths (at least),
--   longestRealityCheckMinutes (a player's interval at most), longestRealityCheckGraceSeconds (the
--   site's grace at most), highestWithdrawalAboveUsd, highestDepositLevel2AboveUsd,
--   highestDepositLevel3AboveUsd (the KYC thresholds at most, USD decimal strings).
-- jurisdiction_floors: the profile's floors, NULL for a name that is no profile.
CREATE OR REPLACE FUNCTION jurisdiction_floors(p_profile TEXT) RETURNS JSONB LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_profile
    WHEN 'default' THEN jsonb_build_object(
      'minimumAge', 18, 'increaseDelayHours', 24, 'minimumExclusionMonths', 6,
      'longestRealityCheckMinutes', 1440, 'longestRealityCheckGraceSeconds', 300,
      'highestWithdrawalAboveUsd', '2000', 'highestDepositLevel2AboveUsd', '2000', 'highestDepositLevel3AboveUsd', '10000')
    -- UK Gambling Commission: LCCP SR 3.2.11 (age verified before gambling, so level 2 before any deposit or
    -- withdrawal), RTS 12 (limit increases after a 24 h cooling period), SR 3.5.3 (self-exclusion at least
    -- 6 months), RTS 13 (reality checks; the text fixes no interval: 60 minutes is this profile's choice).
    WHEN 'uk' THEN jsonb_build_object(
      'minimumAge', 18, 'increaseDelayHours', 24, 'minimumExclusionMonths', 6,
      'longestRealityCheckMinutes', 60, 'longestRealityCheckGraceSeconds', 300,
      'highestWithdrawalAboveUsd', '0', 'highestDepositLevel2AboveUsd', '0', 'highestDepositLevel3AboveUsd', '10000')
    -- Malta Gaming Authority, Player Protection Directive (Directive 2 of 2018): players of 18 and over,
    -- limit increases after 24 h, self-exclusion at least 6 months, reality checks (no interval fixed:
    -- 60 minutes is this profile's choice); EU AMLD occasional-transaction threshold for casinos, EUR 2 000,
    -- kept as USD 2 000 (below it at any EUR/USD rate above 1).
    WHEN 'mt' THEN jsonb_build_object(
      'minimumAge', 18, 'increaseDelayHours', 24, 'minimumExclusionMonths', 6,
      'longestRealityCheckMinutes', 60, 'longestRealityCheckGraceSeconds', 300,
      'highestWithdrawalAboveUsd', '2000', 'highestDepositLevel2AboveUsd', '2000', 'highestDepositLevel3AboveUsd', '10000')
  END
$$;

-- jurisdiction_names: every profile's name, in the order a list shows them.
CREATE OR REPLACE FUNCTION jurisdiction_names() RETURNS TEXT[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['default', 'uk', 'mt']
$$;

-- site_floors: the floors of the site's profile (the default profile's for a site without a config row).
CREATE OR REPLACE FUNCTION site_floors(p_site TEXT) RETURNS JSONB LANGUAGE sql STABLE AS $$
  SELECT jurisdiction_floors(coalesce((SELECT jurisdiction FROM site_configs WHERE "siteCode" = p_site), 'default'))
$$;
