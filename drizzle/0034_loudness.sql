ALTER TABLE "stored_files" ADD COLUMN "integrated_lufs" real;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "loudness_range_lu" real;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "true_peak_dbtp" real;