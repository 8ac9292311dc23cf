CREATE TABLE "enrollments" (
	"id" text PRIMARY KEY NOT NULL,
	"agent_id" text NOT NULL,
	"status" text DEFAULT 'Received' NOT NULL,
	"reason" text,
	"mode" text NOT NULL,
	"client_first" text,
	"client_last" text,
	"client_state" text,
	"carrier_name" text,
	"product_name" text,
	"file_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "download_tokens" ALTER COLUMN "file_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "download_tokens" ADD COLUMN "export_name" text;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrollments_agent_received_idx" ON "enrollments" USING btree ("agent_id","received_at","id");--> statement-breakpoint
ALTER TABLE "download_tokens" ADD CONSTRAINT "download_tokens_file_or_export" CHECK (("download_tokens"."file_id" is null) <> ("download_tokens"."export_name" is null));