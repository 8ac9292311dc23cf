ALTER TABLE "supply_order_log" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "supply_order_log" ADD COLUMN "is_internal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "supply_order_log" ADD COLUMN "staff_id" text;--> statement-breakpoint
ALTER TABLE "supply_orders" ADD COLUMN "shipper" text;--> statement-breakpoint
ALTER TABLE "supply_orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "supply_orders_date_idx" ON "supply_orders" USING btree ("order_date","id");--> statement-breakpoint
CREATE INDEX "supply_orders_status_date_idx" ON "supply_orders" USING btree ("status","order_date","id");--> statement-breakpoint
CREATE INDEX "supply_orders_org_date_idx" ON "supply_orders" USING btree ("org_name","order_date","id");--> statement-breakpoint
CREATE INDEX "supply_orders_plan_state_date_idx" ON "supply_orders" USING btree ("plan_state","order_date","id");