ALTER TABLE "agents" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "soa_versions" ADD COLUMN "appointment_time_zone" text;