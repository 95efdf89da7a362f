-- The operation log's hash chains (docs/audit-chains.md): one per site ("siteCode"; a row without a
-- site is in the chain `*`), set by a BEFORE INSERT trigger through audit_chain_append. The canonical
-- content is the JSON array text json_build_array writes of the columns below, detail as its jsonb
-- text and the time as integer microseconds since the epoch.
CREATE OR REPLACE FUNCTION audit_operation_log_content(t admin_operation_logs) RETURNS TEXT LANGUAGE sql STABLE AS $$
  SELECT json_build_array(t.id, t."adminId", t."siteCode", t.module, t.action, t."targetId", t.ip, t."userAgent", t.method, t.path,
                          t.detail::TEXT, t.summary, (extract(epoch FROM t."createdAt") * 1000000)::BIGINT)::TEXT
$$;

CREATE OR REPLACE FUNCTION audit_operation_log_account(p_site TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(p_site, '*')
$$;

CREATE OR REPLACE FUNCTION audit_operation_logs_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c RECORD;
BEGIN
  SELECT * INTO c FROM audit_chain_append('admin_operation_logs', audit_operation_log_account(NEW."siteCode"), NEW.id, audit_operation_log_content(NEW));
  NEW."chainSeq" := c.seq;
  NEW."chainHash" := c.hash;
  RETURN NEW;
END $$;

DROP TRIGGER IF EXISTS audit_operation_logs_chain ON admin_operation_logs;
CREATE TRIGGER audit_operation_logs_chain BEFORE INSERT ON admin_operation_logs FOR EACH ROW EXECUTE FUNCTION audit_operation_logs_chain();
