CREATE TABLE "song_writers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"song_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"pro" text NOT NULL,
	"ipi" text,
	"publisher" text,
	"share" numeric(5, 2) NOT NULL,
	CONSTRAINT "song_writers_song_position_unique" UNIQUE("song_id","position"),
	CONSTRAINT "song_writers_position_check" CHECK ("song_writers"."position" >= 0),
	CONSTRAINT "song_writers_name_check" CHECK (char_length("song_writers"."name") between 1 and 100),
	CONSTRAINT "song_writers_pro_check" CHECK ("song_writers"."pro" in ('ASCAP', 'BMI', 'SESAC', 'GMR', 'SOCAN', 'PRS', 'APRA AMCOS', 'GEMA', 'SACEM', 'JASRAC', 'Other', 'None')),
	CONSTRAINT "song_writers_ipi_check" CHECK ("song_writers"."ipi" is null or "song_writers"."ipi" ~ '^[0-9]{9,11}$'),
	CONSTRAINT "song_writers_publisher_check" CHECK ("song_writers"."publisher" is null or char_length("song_writers"."publisher") between 1 and 200),
	CONSTRAINT "song_writers_share_check" CHECK ("song_writers"."share" > 0 and "song_writers"."share" <= 100)
);
--> statement-breakpoint
ALTER TABLE "stored_files" DROP CONSTRAINT "stored_files_detected_key_check";--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "musical_key" text;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "is_one_stop" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "writer_names" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "song_writers" ADD CONSTRAINT "song_writers_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_detected_key_check" CHECK ("stored_files"."detected_key" is null or "stored_files"."detected_key" in ('C major', 'Db major', 'D major', 'Eb major', 'E major', 'F major', 'F# major', 'G major', 'Ab major', 'A major', 'Bb major', 'B major', 'C minor', 'C# minor', 'D minor', 'Eb minor', 'E minor', 'F minor', 'F# minor', 'G minor', 'G# minor', 'A minor', 'Bb minor', 'B minor'));--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_musical_key_check" CHECK ("songs"."musical_key" is null or "songs"."musical_key" in ('C major', 'Db major', 'D major', 'Eb major', 'E major', 'F major', 'F# major', 'G major', 'Ab major', 'A major', 'Bb major', 'B major', 'C minor', 'C# minor', 'D minor', 'Eb minor', 'E minor', 'F minor', 'F# minor', 'G minor', 'G# minor', 'A minor', 'Bb minor', 'B minor'));