-- The player's KYC level (docs/kyc.md, "Levels"), written once: what GET /kyc answers and what the
-- money gates (kyc_deposit_level_needed, the withdrawal request) compare with. Cumulative:
--   0  registered
--   1  a verified contact (e-mail or mobile: users.email and users.mobile hold only verified ones)
--      and a profile (kyc_profiles)
--   2  level 1, and an id-front, an id-back and a selfie approved and not expired
--   3  level 2, and an address-proof approved and not expired
-- Expiry is read here, at the time of asking: a document whose "expiresAt" has passed no longer counts,
-- so the level drops at that moment without a job, and rises again when a new one is approved.

-- One approved, unexpired document of the kind.
CREATE OR REPLACE FUNCTION kyc_document_valid(p_user INTEGER, p_kind TEXT) RETURNS BOOLEAN
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM kyc_documents d
     WHERE d."userId" = p_user AND d.kind = p_kind AND d.status = 'approved' AND d."expiresAt" > now()
  )
$$;

-- Each part of the levels, met or not (GET /kyc builds "missing" from it).
CREATE OR REPLACE FUNCTION kyc_parts(p_user INTEGER)
RETURNS TABLE (contact BOOLEAN, profile BOOLEAN, "idFront" BOOLEAN, "idBack" BOOLEAN, selfie BOOLEAN, "addressProof" BOOLEAN)
LANGUAGE sql STABLE AS $$
  SELECT COALESCE(u.email, '') <> '' OR COALESCE(u.mobile, '') <> '',
         EXISTS (SELECT 1 FROM kyc_profiles p WHERE p."userId" = u.id),
         kyc_document_valid(u.id, 'id-front'),
         kyc_document_valid(u.id, 'id-back'),
         kyc_document_valid(u.id, 'selfie'),
         kyc_document_valid(u.id, 'address-proof')
    FROM users u
   WHERE u.id = p_user
$$;

CREATE OR REPLACE FUNCTION kyc_level(p_user INTEGER) RETURNS SMALLINT
LANGUAGE sql STABLE AS $$
  SELECT (CASE
            WHEN NOT (k.contact AND k.profile) THEN 0
            WHEN NOT (k."idFront" AND k."idBack" AND k.selfie) THEN 1
            WHEN NOT k."addressProof" THEN 2
            ELSE 3
          END)::SMALLINT
    FROM kyc_parts(p_user) k
$$;
