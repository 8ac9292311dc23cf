DROP INDEX "contracts_holder_agent_idx";--> statement-breakpoint
CREATE INDEX "contracts_holder_carrier_idx" ON "contracts" USING btree ("holder_agent_id","carrier_name");