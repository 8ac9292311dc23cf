CREATE TABLE "content_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"section" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"file_id" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_carriers" (
	"platform" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "platform_carriers_platform_name_pk" PRIMARY KEY("platform","name")
);
--> statement-breakpoint
ALTER TABLE "content_documents" ADD CONSTRAINT "content_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_documents_section_idx" ON "content_documents" USING btree ("section","sort_order");