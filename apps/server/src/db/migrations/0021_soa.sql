CREATE TABLE "soa_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"soa_id" text NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"is_signed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "soa_versions" (
	"soa_id" text NOT NULL,
	"version" integer NOT NULL,
	"appointment_at" timestamp with time zone NOT NULL,
	"appointment_kind" text NOT NULL,
	"products" jsonb NOT NULL,
	"exception_reason" text,
	"rule_set" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"link_expires_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"signer_name" text,
	"signer_relationship" text,
	"products_agreed" jsonb,
	"signer_ip" text,
	"signer_user_agent" text,
	"sha256" text,
	"file_id" text,
	"valid_until" timestamp with time zone,
	"replaced_at" timestamp with time zone,
	"retain_until" timestamp with time zone NOT NULL,
	CONSTRAINT "soa_versions_soa_id_version_pk" PRIMARY KEY("soa_id","version")
);
--> statement-breakpoint
CREATE TABLE "soas" (
	"id" text PRIMARY KEY NOT NULL,
	"agent_id" text NOT NULL,
	"beneficiary_name" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text NOT NULL,
	"language" text NOT NULL,
	"current_version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "soa_links" ADD CONSTRAINT "soa_links_soa_id_soas_id_fk" FOREIGN KEY ("soa_id") REFERENCES "public"."soas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soa_versions" ADD CONSTRAINT "soa_versions_soa_id_soas_id_fk" FOREIGN KEY ("soa_id") REFERENCES "public"."soas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soa_versions" ADD CONSTRAINT "soa_versions_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soas" ADD CONSTRAINT "soas_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "soa_links_soa_idx" ON "soa_links" USING btree ("soa_id");--> statement-breakpoint
CREATE INDEX "soa_versions_retain_idx" ON "soa_versions" USING btree ("retain_until");--> statement-breakpoint
CREATE INDEX "soas_agent_idx" ON "soas" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "soas_beneficiary_name_prefix_idx" ON "soas" USING btree (lower("beneficiary_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "soas_email_prefix_idx" ON "soas" USING btree (lower("email") text_pattern_ops);