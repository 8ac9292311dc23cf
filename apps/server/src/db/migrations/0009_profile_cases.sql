CREATE TABLE "email_changes" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"agent_id" text NOT NULL,
	"new_email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"id" text PRIMARY KEY NOT NULL,
	"agent_id" text NOT NULL,
	"member_name" text NOT NULL,
	"member_id" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"member_phone_number" text NOT NULL,
	"request_type" text NOT NULL,
	"carrier" text NOT NULL,
	"description" text NOT NULL,
	"carrier_service" text NOT NULL,
	"emailed_to" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_changes_agent_idx" ON "email_changes" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "email_changes_expires_at_idx" ON "email_changes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "cases_agent_idx" ON "cases" USING btree ("agent_id","created_at");