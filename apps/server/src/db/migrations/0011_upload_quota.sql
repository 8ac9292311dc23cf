CREATE TABLE "upload_quota_days" (
	"agent_id" text NOT NULL,
	"day" text NOT NULL,
	"uploads" integer NOT NULL,
	"bytes" bigint NOT NULL,
	CONSTRAINT "upload_quota_days_agent_id_day_pk" PRIMARY KEY("agent_id","day")
);
--> statement-breakpoint
ALTER TABLE "upload_quota_days" ADD CONSTRAINT "upload_quota_days_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;