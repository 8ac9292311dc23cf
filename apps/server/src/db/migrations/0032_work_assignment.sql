ALTER TABLE "supply_orders" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "supply_orders" ADD COLUMN "done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "supply_orders" ADD CONSTRAINT "supply_orders_assignee_id_staff_accounts_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_assignee_id_staff_accounts_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supply_orders_assignee_date_idx" ON "supply_orders" USING btree ("assignee_id","order_date","id");--> statement-breakpoint
CREATE INDEX "supply_orders_open_assignee_idx" ON "supply_orders" USING btree ("assignee_id","order_date") WHERE "supply_orders"."status" is null or "supply_orders"."status" = 'Processing';--> statement-breakpoint
CREATE INDEX "supply_orders_done_idx" ON "supply_orders" USING btree ("done_at") WHERE "supply_orders"."done_at" is not null;--> statement-breakpoint
CREATE INDEX "enrollments_assignee_received_idx" ON "enrollments" USING btree ("assignee_id","received_at","id");--> statement-breakpoint
CREATE INDEX "enrollments_open_assignee_idx" ON "enrollments" USING btree ("assignee_id","received_at") WHERE "enrollments"."status" in ('Received', 'In Review', 'Pended', 'Resolved');--> statement-breakpoint
CREATE INDEX "enrollments_done_idx" ON "enrollments" USING btree ("done_at") WHERE "enrollments"."done_at" is not null;--> statement-breakpoint
CREATE INDEX "cases_status_assignee_created_idx" ON "cases" USING btree ("status","assignee_id","created_at");--> statement-breakpoint
CREATE INDEX "cases_open_assignee_idx" ON "cases" USING btree ("assignee_id","created_at") WHERE "cases"."status" <> 'Closed';--> statement-breakpoint
CREATE INDEX "cases_done_idx" ON "cases" USING btree ("done_at") WHERE "cases"."done_at" is not null;--> statement-breakpoint
CREATE INDEX "cases_request_type_created_idx" ON "cases" USING btree ("request_type","created_at","id");--> statement-breakpoint
CREATE INDEX "cases_carrier_created_idx" ON "cases" USING btree ("carrier","created_at","id");--> statement-breakpoint
-- work done before the dashboard: done when it last changed (an order when its last log entry was written)
UPDATE "supply_orders" SET "done_at" = coalesce((SELECT max("at") FROM "supply_order_log" WHERE "order_id" = "supply_orders"."id"), "order_date") WHERE "status" IN ('Shipped', 'Cancelled');--> statement-breakpoint
UPDATE "enrollments" SET "done_at" = "updated_at" WHERE "status" IN ('Submitted', 'Enrolled', 'Declined');--> statement-breakpoint
UPDATE "cases" SET "done_at" = "updated_at" WHERE "status" = 'Closed';
