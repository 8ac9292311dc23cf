ALTER TABLE "dashboard_files" ADD COLUMN "published" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "content_document_key" text;--> statement-breakpoint
-- the documents agents saw before the back office could publish them stay published
UPDATE "dashboard_files" SET "published" = true;--> statement-breakpoint
UPDATE "files" SET "content_document_key" = "dashboard_files"."key" FROM "dashboard_files" WHERE "dashboard_files"."file_id" = "files"."id";
