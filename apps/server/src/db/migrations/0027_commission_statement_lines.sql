CREATE TABLE "commission_statement_lines" (
	"statement_id" text NOT NULL,
	"position" integer NOT NULL,
	"carrier" text NOT NULL,
	"policy_number" text NOT NULL,
	"client" text NOT NULL,
	"product" text NOT NULL,
	"effective_date" date NOT NULL,
	"transaction" text NOT NULL,
	"premium" numeric(12, 2) NOT NULL,
	"commission" numeric(12, 2) NOT NULL,
	CONSTRAINT "commission_statement_lines_statement_id_position_pk" PRIMARY KEY("statement_id","position")
);
--> statement-breakpoint
ALTER TABLE "commission_statements" ALTER COLUMN "file_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_statement_lines" ADD CONSTRAINT "commission_statement_lines_statement_id_commission_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."commission_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_statements_date_idx" ON "commission_statements" USING btree ("statement_date");