-- Player protection periods (docs/decisions/responsible-gaming.md, "Player protection: calendar periods, running totals,
-- checked where the money moves"): calendar days, weeks (Monday to Sunday) and months in the site's time
-- zone, the `responsibleGaming.timeZone` site setting (UTC unless set).
-- rg_time_zone: the site's zone. rg_period_start / rg_period_end: the bounds of the period holding p_at.
CREATE OR REPLACE FUNCTION rg_time_zone(p_site TEXT) RETURNS TEXT LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT settings #>> '{responsibleGaming,timeZone}' FROM site_configs WHERE "siteCode" = p_site), 'UTC')
$$;

CREATE OR REPLACE FUNCTION rg_period_start(p_period TEXT, p_tz TEXT, p_at TIMESTAMPTZ) RETURNS TIMESTAMPTZ LANGUAGE sql STABLE AS $$
  SELECT date_trunc(p_period, p_at AT TIME ZONE p_tz) AT TIME ZONE p_tz
$$;

CREATE OR REPLACE FUNCTION rg_period_end(p_period TEXT, p_tz TEXT, p_at TIMESTAMPTZ) RETURNS TIMESTAMPTZ LANGUAGE sql STABLE AS $$
  SELECT (date_trunc(p_period, p_at AT TIME ZONE p_tz) + ('1 ' || p_period)::INTERVAL) AT TIME ZONE p_tz
$$;

-- A session is a run of play without a pause of this length; the next play after such a pause starts a
-- new session (its time and net result from zero).
CREATE OR REPLACE FUNCTION rg_session_pause() RETURNS INTERVAL LANGUAGE sql IMMUTABLE AS $$
  SELECT INTERVAL '30 minutes'
$$;
