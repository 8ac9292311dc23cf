CREATE TABLE "agent_ready_to_sell" (
	"agent_id" text NOT NULL,
	"org_name" text NOT NULL,
	"state_code" text NOT NULL,
	"year" integer NOT NULL,
	"is_ready" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_ready_to_sell_agent_id_org_name_state_code_year_pk" PRIMARY KEY("agent_id","org_name","state_code","year")
);
--> statement-breakpoint
CREATE TABLE "supply_cart_items" (
	"agent_id" text NOT NULL,
	"product_id" text NOT NULL,
	"qty" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supply_cart_items_agent_id_product_id_pk" PRIMARY KEY("agent_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "supply_order_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supply_order_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"action" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supply_order_requests" (
	"agent_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supply_order_requests_agent_id_idempotency_key_pk" PRIMARY KEY("agent_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "supply_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supply_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agent_id" text NOT NULL,
	"idempotency_key" text,
	"product_id" text,
	"status" text,
	"order_date" timestamp with time zone NOT NULL,
	"org_name" text NOT NULL,
	"plan_state" text NOT NULL,
	"year" integer NOT NULL,
	"type" text NOT NULL,
	"plan_name" text NOT NULL,
	"contract_id" text,
	"plan_id" text,
	"county" text,
	"qty" integer NOT NULL,
	"street_num" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"special_instructions" text DEFAULT '' NOT NULL,
	"carrier_order_num" text,
	"tracking" text,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "supply_product_counties" (
	"county_fips" text NOT NULL,
	"product_id" text NOT NULL,
	CONSTRAINT "supply_product_counties_county_fips_product_id_pk" PRIMARY KEY("county_fips","product_id")
);
--> statement-breakpoint
CREATE TABLE "supply_product_types" (
	"name" text PRIMARY KEY NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"requires_ready_to_sell" boolean DEFAULT false NOT NULL,
	"is_by_county" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supply_products" (
	"id" text PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"type" text NOT NULL,
	"state_code" text NOT NULL,
	"org_name" text NOT NULL,
	"plan_name" text NOT NULL,
	"contract_id" text,
	"plan_id" text,
	"segment_id" text,
	"plan_type" text,
	"snp_type" text,
	"monthly_premium" text,
	"drug_deductible" text,
	"in_network_moop" text
);
--> statement-breakpoint
ALTER TABLE "agent_ready_to_sell" ADD CONSTRAINT "agent_ready_to_sell_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_cart_items" ADD CONSTRAINT "supply_cart_items_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_cart_items" ADD CONSTRAINT "supply_cart_items_product_id_supply_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."supply_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_order_log" ADD CONSTRAINT "supply_order_log_order_id_supply_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."supply_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_order_requests" ADD CONSTRAINT "supply_order_requests_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_orders" ADD CONSTRAINT "supply_orders_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_product_counties" ADD CONSTRAINT "supply_product_counties_county_fips_counties_fips_fk" FOREIGN KEY ("county_fips") REFERENCES "public"."counties"("fips") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_product_counties" ADD CONSTRAINT "supply_product_counties_product_id_supply_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."supply_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_products" ADD CONSTRAINT "supply_products_type_supply_product_types_name_fk" FOREIGN KEY ("type") REFERENCES "public"."supply_product_types"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supply_order_log_order_idx" ON "supply_order_log" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "supply_orders_agent_idx" ON "supply_orders" USING btree ("agent_id","order_date");--> statement-breakpoint
CREATE UNIQUE INDEX "supply_products_plan_key" ON "supply_products" USING btree ("year","state_code","contract_id","plan_id","segment_id") WHERE "supply_products"."contract_id" is not null;--> statement-breakpoint
CREATE INDEX "supply_products_state_idx" ON "supply_products" USING btree ("state_code","year","type");