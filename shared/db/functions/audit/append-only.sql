-- audit_digests is append-only (docs/audit-chains.md): a digest once written is never changed or
-- removed, so a chain rewritten later still disagrees with the heads an earlier digest kept.
CREATE OR REPLACE FUNCTION audit_digests_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_digests is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;

DROP TRIGGER IF EXISTS audit_digests_append_only ON audit_digests;
CREATE TRIGGER audit_digests_append_only BEFORE UPDATE OR DELETE ON audit_digests FOR EACH ROW EXECUTE FUNCTION audit_digests_append_only();
DROP TRIGGER IF EXISTS audit_digests_no_truncate ON audit_digests;
CREATE TRIGGER audit_digests_no_truncate BEFORE TRUNCATE ON audit_digests FOR EACH STATEMENT EXECUTE FUNCTION audit_digests_append_only();
