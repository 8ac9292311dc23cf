CREATE TABLE "clients" (
	"id" text PRIMARY KEY NOT NULL,
	"agent_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birth_date" date,
	"phone" text DEFAULT '' NOT NULL,
	"phone_digits" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"county" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"mbi_encrypted" text,
	"mbi_last4" text,
	"consent_to_contact" boolean DEFAULT false NOT NULL,
	"consent_methods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'Prospect' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "soas" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_agent_name_idx" ON "clients" USING btree ("agent_id",lower("last_name") text_pattern_ops,lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "clients_agent_first_idx" ON "clients" USING btree ("agent_id",lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "clients_agent_phone_idx" ON "clients" USING btree ("agent_id","phone_digits" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "clients_agent_email_idx" ON "clients" USING btree ("agent_id",lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "clients_agent_mbi_last4_idx" ON "clients" USING btree ("agent_id","mbi_last4");--> statement-breakpoint
CREATE INDEX "clients_agent_county_idx" ON "clients" USING btree ("agent_id","county");--> statement-breakpoint
CREATE INDEX "clients_agent_birth_idx" ON "clients" USING btree ("agent_id","birth_date");--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soas" ADD CONSTRAINT "soas_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrollments_client_idx" ON "enrollments" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "soas_client_idx" ON "soas" USING btree ("client_id");