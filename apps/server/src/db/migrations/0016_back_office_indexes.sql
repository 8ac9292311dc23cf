CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","occurred_at");--> statement-breakpoint
CREATE INDEX "agents_state_sort_idx" ON "agents" USING btree ("state","npn");--> statement-breakpoint
CREATE INDEX "agents_tier_sort_idx" ON "agents" USING btree ("member_support_tier","npn");--> statement-breakpoint
CREATE INDEX "agents_status_sort_idx" ON "agents" USING btree ("status","npn");--> statement-breakpoint
CREATE INDEX "agents_status_key_idx" ON "agents" USING btree ((coalesce(lower(trim("status")), '')));