CREATE TABLE "certifications" (
	"id" text PRIMARY KEY NOT NULL,
	"contract_id" text NOT NULL,
	"year" integer NOT NULL,
	"product" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" text PRIMARY KEY NOT NULL,
	"holder_agent_id" text,
	"contact_name" text NOT NULL,
	"record_type" text NOT NULL,
	"carrier_name" text NOT NULL,
	"status" text NOT NULL,
	"writing_number" text,
	"upline_contract_id" text,
	"hierarchy_report_id" text
);
--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_holder_agent_id_agents_id_fk" FOREIGN KEY ("holder_agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_upline_contract_id_contracts_id_fk" FOREIGN KEY ("upline_contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certifications_contract_idx" ON "certifications" USING btree ("contract_id","year");--> statement-breakpoint
CREATE INDEX "contracts_holder_agent_idx" ON "contracts" USING btree ("holder_agent_id");--> statement-breakpoint
CREATE INDEX "contracts_upline_idx" ON "contracts" USING btree ("upline_contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_hierarchy_report_key" ON "contracts" USING btree ("hierarchy_report_id");