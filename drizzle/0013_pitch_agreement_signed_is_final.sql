-- A signed pitch agreement is the record both sides rely on: once a row is accepted, no update may change
-- it, whatever code or console runs the statement. The one change allowed is the offering admin's account
-- going (offered_by set to null by its foreign key). Deleting the song's review or the writer's account,
-- which cascades, still removes the row; the app refuses those resets while a signed agreement exists.
CREATE FUNCTION pitch_agreements_signed_is_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'accepted'
     AND ((to_jsonb(NEW) - 'offered_by') IS DISTINCT FROM (to_jsonb(OLD) - 'offered_by')
          OR (NEW.offered_by IS NOT NULL AND NEW.offered_by IS DISTINCT FROM OLD.offered_by)) THEN
    RAISE EXCEPTION 'a signed pitch agreement cannot be changed' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER pitch_agreements_signed_is_final BEFORE UPDATE ON pitch_agreements
  FOR EACH ROW EXECUTE FUNCTION pitch_agreements_signed_is_final();
