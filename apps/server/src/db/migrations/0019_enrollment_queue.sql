CREATE TABLE "enrollment_digest_sends" (
	"week" text NOT NULL,
	"agent_id" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "enrollment_digest_sends_week_agent_id_pk" PRIMARY KEY("week","agent_id")
);
--> statement-breakpoint
CREATE TABLE "enrollment_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enrollment_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"enrollment_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"staff_id" text,
	"by" text NOT NULL,
	"action" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollment_digest_sends" ADD CONSTRAINT "enrollment_digest_sends_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_log" ADD CONSTRAINT "enrollment_log_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrollment_log_enrollment_idx" ON "enrollment_log" USING btree ("enrollment_id","at");--> statement-breakpoint
CREATE INDEX "enrollments_received_idx" ON "enrollments" USING btree ("received_at","id");--> statement-breakpoint
CREATE INDEX "enrollments_status_received_idx" ON "enrollments" USING btree ("status","received_at","id");--> statement-breakpoint
CREATE INDEX "enrollments_carrier_received_idx" ON "enrollments" USING btree ("carrier_name","received_at","id");--> statement-breakpoint
CREATE INDEX "enrollments_client_last_prefix_idx" ON "enrollments" USING btree (lower("client_last") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "supply_orders_type_date_idx" ON "supply_orders" USING btree ("type","order_date","id");--> statement-breakpoint
CREATE INDEX "enrollments_status_carrier_received_idx" ON "enrollments" USING btree ("status","carrier_name","received_at","id");--> statement-breakpoint
CREATE INDEX "enrollments_mode_received_idx" ON "enrollments" USING btree ("mode","received_at","id");--> statement-breakpoint
CREATE INDEX "enrollments_client_sort_idx" ON "enrollments" USING btree ("client_last","client_first","id");--> statement-breakpoint
CREATE INDEX "supply_orders_org_status_date_idx" ON "supply_orders" USING btree ("org_name","status","order_date","id");