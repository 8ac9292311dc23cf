CREATE TABLE "notification_email_opt_outs" (
	"agent_id" text NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "notification_email_opt_outs_agent_id_kind_pk" PRIMARY KEY("agent_id","kind")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agent_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "supply_order_log" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "supply_order_log" ADD COLUMN "is_internal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "supply_order_log" ADD COLUMN "staff_id" text;--> statement-breakpoint
ALTER TABLE "supply_orders" ADD COLUMN "shipper" text;--> statement-breakpoint
ALTER TABLE "supply_orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_email_opt_outs" ADD CONSTRAINT "notification_email_opt_outs_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_agent_idx" ON "notifications" USING btree ("agent_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("agent_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "supply_orders_date_idx" ON "supply_orders" USING btree ("order_date","id");--> statement-breakpoint
CREATE INDEX "supply_orders_status_date_idx" ON "supply_orders" USING btree ("status","order_date","id");--> statement-breakpoint
CREATE INDEX "supply_orders_org_date_idx" ON "supply_orders" USING btree ("org_name","order_date","id");--> statement-breakpoint
CREATE INDEX "supply_orders_plan_state_date_idx" ON "supply_orders" USING btree ("plan_state","order_date","id");