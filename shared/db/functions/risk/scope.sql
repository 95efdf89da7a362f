-- The operator group a site belongs to (docs/decisions/risk.md, "Scope: the sites of one operator group"):
-- site_configs.settings.risk.scope, 'default' unless set, so every site of a deployment shares one scope
-- until an operator splits them. Links, the queue and the exclusions that follow a person read it.
CREATE OR REPLACE FUNCTION risk_scope(p_site TEXT) RETURNS TEXT LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT nullif(c.settings -> 'risk' ->> 'scope', '') FROM site_configs c WHERE c."siteCode" = p_site ORDER BY c.id LIMIT 1),
    'default')
$$;
