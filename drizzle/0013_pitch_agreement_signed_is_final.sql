-- A signed pitch agreement is the record both sides rely on: once a row is accepted, no update may change
-- it, whatever code or console runs the statement. (Deleting the song's review or the writer's account,
-- which cascades, still removes it.)
CREATE FUNCTION pitch_agreements_signed_is_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'accepted' THEN
    RAISE EXCEPTION 'a signed pitch agreement cannot be changed' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER pitch_agreements_signed_is_final BEFORE UPDATE ON pitch_agreements
  FOR EACH ROW EXECUTE FUNCTION pitch_agreements_signed_is_final();
