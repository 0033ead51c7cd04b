CREATE TABLE "change_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "change_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"number" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"previous_version_id" integer,
	"state" text DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"approval_deadline" date,
	"schedule_days" integer DEFAULT 0 NOT NULL,
	"tax_rate" numeric(7, 4) DEFAULT '0' NOT NULL,
	"subtotal" numeric(14, 2) DEFAULT '0' NOT NULL,
	"tax" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"invoice_on_approval" boolean DEFAULT false NOT NULL,
	"invoice_id" integer,
	"sent_at" timestamp (6) with time zone,
	"viewed_at" timestamp (6) with time zone,
	"withdrawn_at" timestamp (6) with time zone,
	"superseded_at" timestamp (6) with time zone,
	"declined_at" timestamp (6) with time zone,
	"decline_reason" text,
	"declined_by_portal_user_id" integer,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_orders_state_check" CHECK ("change_orders"."state" in ('draft', 'sent', 'approved', 'declined', 'withdrawn', 'superseded')),
	CONSTRAINT "change_orders_schedule_days_check" CHECK ("change_orders"."schedule_days" BETWEEN -365 AND 365)
);
--> statement-breakpoint
CREATE TABLE "change_order_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "change_order_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"change_order_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_order_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "change_order_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"change_order_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_order_approvals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "change_order_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"change_order_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"portal_user_id" integer,
	"signer_name" text NOT NULL,
	"signer_email" text NOT NULL,
	"approved_at" timestamp (6) with time zone NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text,
	"subtotal" numeric(14, 2) NOT NULL,
	"tax" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"content_json" text NOT NULL,
	"content_sha256" text NOT NULL,
	"pdf_blob_key" text NOT NULL,
	"pdf_sha256" text NOT NULL,
	"pdf_size" integer NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "change_orders" ADD CONSTRAINT "change_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_orders" ADD CONSTRAINT "change_orders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_orders" ADD CONSTRAINT "change_orders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_orders" ADD CONSTRAINT "change_orders_declined_by_portal_user_id_portal_users_id_fk" FOREIGN KEY ("declined_by_portal_user_id") REFERENCES "public"."portal_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_order_items" ADD CONSTRAINT "change_order_items_change_order_id_change_orders_id_fk" FOREIGN KEY ("change_order_id") REFERENCES "public"."change_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_order_files" ADD CONSTRAINT "change_order_files_change_order_id_change_orders_id_fk" FOREIGN KEY ("change_order_id") REFERENCES "public"."change_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_order_files" ADD CONSTRAINT "change_order_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_order_approvals" ADD CONSTRAINT "change_order_approvals_change_order_id_change_orders_id_fk" FOREIGN KEY ("change_order_id") REFERENCES "public"."change_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_order_approvals" ADD CONSTRAINT "change_order_approvals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_order_approvals" ADD CONSTRAINT "change_order_approvals_portal_user_id_portal_users_id_fk" FOREIGN KEY ("portal_user_id") REFERENCES "public"."portal_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "change_orders_company_number_version_unique" ON "change_orders" USING btree ("company_id","number","version");--> statement-breakpoint
CREATE INDEX "change_orders_project_idx" ON "change_orders" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "change_order_items_change_order_idx" ON "change_order_items" USING btree ("change_order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "change_order_files_change_order_file_unique" ON "change_order_files" USING btree ("change_order_id","file_id");--> statement-breakpoint
CREATE INDEX "change_order_files_file_idx" ON "change_order_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "change_order_approvals_change_order_unique" ON "change_order_approvals" USING btree ("change_order_id");--> statement-breakpoint
-- The change orders area switch (docs/company-api.md "Change orders"): off until the company turns it on.
ALTER TABLE "companies" ADD COLUMN "is_portal_change_orders_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The change orders area is new: keys that held every scope before it (the owner's key create-company made) keep holding every scope.
UPDATE "api_keys" SET "scopes" = array_cat("scopes", ARRAY['change_orders:read', 'change_orders:write'])
WHERE "scopes" @> ARRAY['company:read','company:write','staff:read','staff:write','projects:read','projects:write','portal_users:read','portal_users:write','sharing:read','sharing:write','notes:read','notes:write','photos:read','photos:write','documents:read','documents:write','calendar:read','calendar:write','invoices:read','invoices:write','messages:read','messages:write','webhooks:read','webhooks:write','api_keys:read','api_keys:write','proposals:read','proposals:write']::text[] AND NOT ("scopes" @> ARRAY['change_orders:read']::text[]);
--> statement-breakpoint
-- The notice kind `change_order` (docs/company-api.md "Notices").
ALTER TABLE "sent_notices" DROP CONSTRAINT "sent_notices_kind_check";--> statement-breakpoint
ALTER TABLE "sent_notices" ADD CONSTRAINT "sent_notices_kind_check" CHECK ("kind" IN ('note', 'invoice', 'document', 'album', 'proposal', 'schedule', 'change_order'));--> statement-breakpoint
ALTER TABLE "notice_preferences" DROP CONSTRAINT "notice_preferences_kind_check";--> statement-breakpoint
ALTER TABLE "notice_preferences" ADD CONSTRAINT "notice_preferences_kind_check" CHECK ("kind" IN ('note', 'invoice', 'document', 'album', 'proposal', 'schedule', 'change_order'));
