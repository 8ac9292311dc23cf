CREATE TABLE "case_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "case_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" text NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"staff_id" text NOT NULL,
	"emailed_to" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "status" text DEFAULT 'Open' NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- cases filed before the queue: Open (the column's default), last touched when they were filed
UPDATE "cases" SET "updated_at" = "created_at";--> statement-breakpoint
ALTER TABLE "case_messages" ADD CONSTRAINT "case_messages_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_messages" ADD CONSTRAINT "case_messages_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_messages_case_idx" ON "case_messages" USING btree ("case_id","id");--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_assignee_id_staff_accounts_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cases_created_idx" ON "cases" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "cases_status_created_idx" ON "cases" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "cases_assignee_created_idx" ON "cases" USING btree ("assignee_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cases_updated_idx" ON "cases" USING btree ("updated_at","id");