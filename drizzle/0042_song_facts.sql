ALTER TABLE "stored_files" ADD COLUMN "sections" jsonb;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "first_chorus_seconds" real;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "intro_seconds" real;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "energy" smallint[];--> statement-breakpoint
CREATE INDEX "stored_files_first_chorus_seconds_idx" ON "stored_files" USING btree ("first_chorus_seconds");--> statement-breakpoint
CREATE INDEX "stored_files_intro_seconds_idx" ON "stored_files" USING btree ("intro_seconds");--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_energy_check" CHECK ("stored_files"."energy" is null or cardinality("stored_files"."energy") <= 64);