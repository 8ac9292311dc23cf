ALTER TABLE "compliance_guides" ALTER COLUMN "file_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "final_expense_files" ALTER COLUMN "file_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "content_documents" ALTER COLUMN "file_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "content_kind" text;--> statement-breakpoint
ALTER TABLE "compliance_guides" ADD COLUMN "published" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "final_expense_files" ADD COLUMN "published" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "content_documents" ADD COLUMN "published" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- the documents agents saw before the back office could publish them stay published
UPDATE "compliance_guides" SET "published" = true;--> statement-breakpoint
UPDATE "final_expense_files" SET "published" = true;--> statement-breakpoint
UPDATE "content_documents" SET "published" = true;--> statement-breakpoint
-- each stored version names its document's list; hidden while that document is unpublished (decision 114)
UPDATE "files" SET "content_kind" = 'dashboard' WHERE "content_document_key" IS NOT NULL;--> statement-breakpoint
UPDATE "files" SET "content_kind" = 'compliance', "content_document_key" = "compliance_guides"."file_number"::text FROM "compliance_guides" WHERE "compliance_guides"."file_id" = "files"."id";--> statement-breakpoint
UPDATE "files" SET "content_kind" = 'final-expense', "content_document_key" = "final_expense_files"."id"::text FROM "final_expense_files" WHERE "final_expense_files"."file_id" = "files"."id";--> statement-breakpoint
UPDATE "files" SET "content_kind" = "content_documents"."section", "content_document_key" = "content_documents"."id" FROM "content_documents" WHERE "content_documents"."file_id" = "files"."id";
