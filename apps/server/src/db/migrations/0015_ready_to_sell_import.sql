ALTER TABLE "agent_ready_to_sell" ADD COLUMN "product_type" text DEFAULT 'MA' NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_ready_to_sell" ADD COLUMN "status" text DEFAULT 'not_ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_ready_to_sell" ADD COLUMN "as_of" date DEFAULT CURRENT_DATE NOT NULL;--> statement-breakpoint
UPDATE "agent_ready_to_sell" SET "status" = CASE WHEN "is_ready" THEN 'ready' ELSE 'not_ready' END, "as_of" = ("updated_at" AT TIME ZONE 'UTC')::date;--> statement-breakpoint
ALTER TABLE "agent_ready_to_sell" DROP CONSTRAINT "agent_ready_to_sell_agent_id_org_name_state_code_year_pk";--> statement-breakpoint
-- a row used to stand for both MA and PDP: it becomes one of each
INSERT INTO "agent_ready_to_sell" ("agent_id", "org_name", "state_code", "product_type", "year", "status", "as_of", "is_ready", "updated_at")
  SELECT "agent_id", "org_name", "state_code", 'PDP', "year", "status", "as_of", "is_ready", "updated_at" FROM "agent_ready_to_sell";--> statement-breakpoint
ALTER TABLE "agent_ready_to_sell" ADD CONSTRAINT "agent_ready_to_sell_agent_id_org_name_state_code_product_type_year_pk" PRIMARY KEY("agent_id","org_name","state_code","product_type","year");--> statement-breakpoint
ALTER TABLE "agent_ready_to_sell" DROP COLUMN "is_ready";--> statement-breakpoint
ALTER TABLE "agent_ready_to_sell" ALTER COLUMN "product_type" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "agent_ready_to_sell" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "agent_ready_to_sell" ALTER COLUMN "as_of" DROP DEFAULT;--> statement-breakpoint
DROP INDEX "certifications_contract_idx";--> statement-breakpoint
-- one certification per contract, year and product (the import adds the ones it does not find)
DELETE FROM "certifications" a USING "certifications" b
  WHERE a."contract_id" = b."contract_id" AND a."year" = b."year" AND a."product" = b."product" AND a."id" > b."id";--> statement-breakpoint
CREATE UNIQUE INDEX "certifications_contract_year_product_key" ON "certifications" USING btree ("contract_id","year","product");
