ALTER TABLE "terms_documents" ALTER COLUMN "published_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "terms_documents" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "terms_documents" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "terms_documents" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "terms_documents" ADD COLUMN "published_by" text;--> statement-breakpoint
ALTER TABLE "terms_documents" ADD COLUMN "publish_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "terms_documents" ADD CONSTRAINT "terms_documents_created_by_staff_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_documents" ADD CONSTRAINT "terms_documents_published_by_staff_accounts_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terms_acceptances_terms_accepted_idx" ON "terms_acceptances" USING btree ("terms_id","accepted_at");--> statement-breakpoint
CREATE INDEX "terms_documents_published_at_idx" ON "terms_documents" USING btree ("published_at");