ALTER TABLE "agents" ADD COLUMN "state" text;--> statement-breakpoint
CREATE INDEX "agents_npn_prefix_idx" ON "agents" USING btree ("npn" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "agents_email_prefix_idx" ON "agents" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "agents_last_name_prefix_idx" ON "agents" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "agents_full_name_prefix_idx" ON "agents" USING btree (lower("first_name" || ' ' || "last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "agents_name_sort_idx" ON "agents" USING btree ("last_name","first_name","npn");