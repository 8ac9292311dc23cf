CREATE TABLE "training_categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"logo" text NOT NULL,
	"is_coming_soon" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "training_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "training_videos" (
	"id" text PRIMARY KEY NOT NULL,
	"category_slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"vimeo_code" text,
	"thumbs" text NOT NULL,
	"media_key" text,
	"media_type" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compliance_guides" (
	"file_number" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"download_name" text NOT NULL,
	"file_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_statements" (
	"id" text PRIMARY KEY NOT NULL,
	"agent_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"statement_date" date NOT NULL,
	"file_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "final_expense_files" (
	"id" integer PRIMARY KEY NOT NULL,
	"filename" text NOT NULL,
	"file_id" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_videos" ADD CONSTRAINT "training_videos_category_slug_training_categories_slug_fk" FOREIGN KEY ("category_slug") REFERENCES "public"."training_categories"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_guides" ADD CONSTRAINT "compliance_guides_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_statements" ADD CONSTRAINT "commission_statements_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_statements" ADD CONSTRAINT "commission_statements_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_expense_files" ADD CONSTRAINT "final_expense_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_videos_category_idx" ON "training_videos" USING btree ("category_slug","sort_order");--> statement-breakpoint
CREATE INDEX "commission_statements_agent_date_idx" ON "commission_statements" USING btree ("agent_id","statement_date","id");