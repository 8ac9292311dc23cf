CREATE TABLE "counties" (
	"fips" text PRIMARY KEY NOT NULL,
	"state_code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_data" (
	"name" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "states" (
	"code" text PRIMARY KEY NOT NULL,
	"fips" text NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "states_fips_unique" UNIQUE("fips")
);
--> statement-breakpoint
CREATE TABLE "zip_codes" (
	"zip" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"state_code" text NOT NULL,
	"county_fips" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "counties" ADD CONSTRAINT "counties_state_code_states_code_fk" FOREIGN KEY ("state_code") REFERENCES "public"."states"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zip_codes" ADD CONSTRAINT "zip_codes_state_code_states_code_fk" FOREIGN KEY ("state_code") REFERENCES "public"."states"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zip_codes" ADD CONSTRAINT "zip_codes_county_fips_counties_fips_fk" FOREIGN KEY ("county_fips") REFERENCES "public"."counties"("fips") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counties_state_name_idx" ON "counties" USING btree ("state_code","name");--> statement-breakpoint
CREATE INDEX "zip_codes_county_idx" ON "zip_codes" USING btree ("county_fips");--> statement-breakpoint
CREATE INDEX "zip_codes_state_city_idx" ON "zip_codes" USING btree ("state_code",upper("city"));