CREATE TABLE "company_customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"portal_user_id" integer NOT NULL,
	"invited_at" timestamp (6) with time zone,
	"deactivated_at" timestamp (6) with time zone,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_customers" ADD CONSTRAINT "company_customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "company_customers" ADD CONSTRAINT "company_customers_portal_user_id_portal_users_id_fk" FOREIGN KEY ("portal_user_id") REFERENCES "public"."portal_users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "company_customers_company_user_unique" ON "company_customers" USING btree ("company_id","portal_user_id");
--> statement-breakpoint
CREATE INDEX "company_customers_user_idx" ON "company_customers" USING btree ("portal_user_id");
--> statement-breakpoint
-- Every company already knows the people it shared something with.
INSERT INTO "company_customers" ("company_id", "portal_user_id", "created_at", "updated_at")
SELECT "company_id", "portal_user_id", min("created_at"), min("created_at") FROM "portal_entities" GROUP BY "company_id", "portal_user_id";
