CREATE TABLE "t65_counties" (
	"county_fips" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"name" text NOT NULL,
	"prospects" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "t65_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "t65_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agent_id" text NOT NULL,
	"npn" text NOT NULL,
	"exported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" jsonb NOT NULL,
	"filters" jsonb,
	"row_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "t65_list_info" (
	"id" smallint PRIMARY KEY NOT NULL,
	"updated_through" date,
	"total" integer NOT NULL,
	"source" text NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "t65_prospects" (
	"id" bigint PRIMARY KEY NOT NULL,
	"t65" date NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"first_name" text NOT NULL,
	"middle" text DEFAULT '' NOT NULL,
	"last_name" text NOT NULL,
	"address1" text NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"county_fips" text NOT NULL,
	"county_name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "t65_counties_state_idx" ON "t65_counties" USING btree ("state","name");--> statement-breakpoint
CREATE INDEX "t65_exports_exported_at_idx" ON "t65_exports" USING btree ("exported_at");--> statement-breakpoint
CREATE INDEX "t65_exports_agent_idx" ON "t65_exports" USING btree ("agent_id","exported_at");--> statement-breakpoint
CREATE INDEX "t65_prospects_county_t65_idx" ON "t65_prospects" USING btree ("county_fips","t65","id");--> statement-breakpoint
CREATE INDEX "t65_prospects_zip_t65_idx" ON "t65_prospects" USING btree ("zip","t65","id");