CREATE TABLE "allowances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "allowances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allowances_amount_check" CHECK ("allowances"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "selections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "selections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"allowance_id" integer,
	"title" text NOT NULL,
	"description" text,
	"room" text,
	"deadline" date,
	"position" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp (6) with time zone,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "selection_options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "selection_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"selection_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"price" numeric(14, 2) NOT NULL,
	"lead_time_days" integer,
	"supplier_url" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "selection_options_price_check" CHECK ("selection_options"."price" >= 0),
	CONSTRAINT "selection_options_lead_time_days_check" CHECK ("selection_options"."lead_time_days" BETWEEN 0 AND 730)
);
--> statement-breakpoint
CREATE TABLE "selection_option_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "selection_option_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"option_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "selection_choices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "selection_choices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"selection_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"chosen_by" text NOT NULL,
	"portal_user_id" integer,
	"staff_id" integer,
	"api_key_id" integer,
	"signer_name" text NOT NULL,
	"signer_email" text,
	"note" text,
	"ip_address" text NOT NULL,
	"user_agent" text,
	"chosen_at" timestamp (6) with time zone NOT NULL,
	"option_title" text NOT NULL,
	"option_price" numeric(14, 2) NOT NULL,
	"allowance_amount" numeric(14, 2),
	"replaced_at" timestamp (6) with time zone,
	"replaced_by" text,
	CONSTRAINT "selection_choices_chosen_by_check" CHECK ("selection_choices"."chosen_by" in ('customer', 'company')),
	CONSTRAINT "selection_choices_replaced_by_check" CHECK ("selection_choices"."replaced_by" in ('choice', 'reset'))
);
--> statement-breakpoint
ALTER TABLE "allowances" ADD CONSTRAINT "allowances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowances" ADD CONSTRAINT "allowances_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selections" ADD CONSTRAINT "selections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selections" ADD CONSTRAINT "selections_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selections" ADD CONSTRAINT "selections_allowance_id_allowances_id_fk" FOREIGN KEY ("allowance_id") REFERENCES "public"."allowances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_options" ADD CONSTRAINT "selection_options_selection_id_selections_id_fk" FOREIGN KEY ("selection_id") REFERENCES "public"."selections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_option_photos" ADD CONSTRAINT "selection_option_photos_option_id_selection_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."selection_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_option_photos" ADD CONSTRAINT "selection_option_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_choices" ADD CONSTRAINT "selection_choices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_choices" ADD CONSTRAINT "selection_choices_selection_id_selections_id_fk" FOREIGN KEY ("selection_id") REFERENCES "public"."selections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_choices" ADD CONSTRAINT "selection_choices_option_id_selection_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."selection_options"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_choices" ADD CONSTRAINT "selection_choices_portal_user_id_portal_users_id_fk" FOREIGN KEY ("portal_user_id") REFERENCES "public"."portal_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_choices" ADD CONSTRAINT "selection_choices_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_choices" ADD CONSTRAINT "selection_choices_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allowances_project_idx" ON "allowances" USING btree ("project_id","position");--> statement-breakpoint
CREATE INDEX "selections_project_idx" ON "selections" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "selections_allowance_idx" ON "selections" USING btree ("allowance_id");--> statement-breakpoint
CREATE INDEX "selection_options_selection_idx" ON "selection_options" USING btree ("selection_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "selection_option_photos_option_file_unique" ON "selection_option_photos" USING btree ("option_id","file_id");--> statement-breakpoint
CREATE INDEX "selection_option_photos_file_idx" ON "selection_option_photos" USING btree ("file_id");--> statement-breakpoint
-- At most one current choice per selection, whatever the race (docs/company-api.md "Selections and allowances").
CREATE UNIQUE INDEX "selection_choices_current_unique" ON "selection_choices" USING btree ("selection_id") WHERE "selection_choices"."replaced_at" IS NULL;--> statement-breakpoint
CREATE INDEX "selection_choices_selection_idx" ON "selection_choices" USING btree ("selection_id","chosen_at");--> statement-breakpoint
CREATE INDEX "selection_choices_option_idx" ON "selection_choices" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "selection_choices_company_idx" ON "selection_choices" USING btree ("company_id","chosen_at");--> statement-breakpoint
-- A change order made from an allowance's difference.
ALTER TABLE "change_orders" ADD COLUMN "allowance_id" integer;--> statement-breakpoint
ALTER TABLE "change_orders" ADD CONSTRAINT "change_orders_allowance_id_allowances_id_fk" FOREIGN KEY ("allowance_id") REFERENCES "public"."allowances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_orders_allowance_idx" ON "change_orders" USING btree ("allowance_id");--> statement-breakpoint
-- The selections area switch: off until the company turns it on; and what a choice over its allowance makes.
ALTER TABLE "companies" ADD COLUMN "is_portal_selections_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "selection_overage_change_orders" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_selection_overage_change_orders_check" CHECK ("companies"."selection_overage_change_orders" in ('draft', 'send'));--> statement-breakpoint
-- The selections area is new: keys that held every scope before it (the owner's key create-company made) keep holding every scope.
UPDATE "api_keys" SET "scopes" = array_cat("scopes", ARRAY['selections:read', 'selections:write'])
WHERE "scopes" @> ARRAY['company:read','company:write','staff:read','staff:write','projects:read','projects:write','portal_users:read','portal_users:write','sharing:read','sharing:write','notes:read','notes:write','photos:read','photos:write','documents:read','documents:write','calendar:read','calendar:write','invoices:read','invoices:write','messages:read','messages:write','webhooks:read','webhooks:write','api_keys:read','api_keys:write','proposals:read','proposals:write','change_orders:read','change_orders:write']::text[] AND NOT ("scopes" @> ARRAY['selections:read']::text[]);
