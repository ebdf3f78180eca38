CREATE TABLE "stored_file_chunks" (
	"path" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "stored_file_chunks_path_seq_pk" PRIMARY KEY("path","seq")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"path" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"chunks" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_path_stored_files_path_fk" FOREIGN KEY ("path") REFERENCES "public"."stored_files"("path") ON DELETE cascade ON UPDATE no action;