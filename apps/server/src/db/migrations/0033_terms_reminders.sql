CREATE TABLE "terms_reminders" (
	"agent_id" text PRIMARY KEY NOT NULL,
	"terms_id" integer NOT NULL,
	"reminded_at" timestamp with time zone NOT NULL,
	"reminded_by" text
);
--> statement-breakpoint
ALTER TABLE "terms_reminders" ADD CONSTRAINT "terms_reminders_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_reminders" ADD CONSTRAINT "terms_reminders_terms_id_terms_documents_id_fk" FOREIGN KEY ("terms_id") REFERENCES "public"."terms_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_reminders" ADD CONSTRAINT "terms_reminders_reminded_by_staff_accounts_id_fk" FOREIGN KEY ("reminded_by") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;