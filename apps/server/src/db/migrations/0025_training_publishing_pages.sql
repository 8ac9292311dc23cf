CREATE TABLE "content_destinations" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_page_texts" (
	"page" text PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_videos" ADD COLUMN "youtube_code" text;--> statement-breakpoint
ALTER TABLE "training_videos" ADD COLUMN "is_published" boolean DEFAULT true NOT NULL;