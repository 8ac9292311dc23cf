CREATE TABLE "zip_code_counties" (
	"zip" text NOT NULL,
	"county_fips" text NOT NULL,
	CONSTRAINT "zip_code_counties_zip_county_fips_pk" PRIMARY KEY("zip","county_fips")
);
--> statement-breakpoint
ALTER TABLE "zip_code_counties" ADD CONSTRAINT "zip_code_counties_county_fips_counties_fips_fk" FOREIGN KEY ("county_fips") REFERENCES "public"."counties"("fips") ON DELETE no action ON UPDATE no action;