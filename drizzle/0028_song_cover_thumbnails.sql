ALTER TABLE "songs" ADD COLUMN "image_thumb_file_id" uuid;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "image_thumb_2x_file_id" uuid;--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_image_thumb_file_id_stored_files_id_fk" FOREIGN KEY ("image_thumb_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_image_thumb_2x_file_id_stored_files_id_fk" FOREIGN KEY ("image_thumb_2x_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "songs_image_thumb_file_idx" ON "songs" USING btree ("image_thumb_file_id");--> statement-breakpoint
CREATE INDEX "songs_image_thumb_2x_file_idx" ON "songs" USING btree ("image_thumb_2x_file_id");