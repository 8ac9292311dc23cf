ALTER TABLE "enrollments" ADD COLUMN "plan_id" text;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "product_type" text;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "effective_date" date;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "application_number" text;