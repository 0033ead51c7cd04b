CREATE TABLE "proposals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proposals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"number" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"previous_version_id" integer,
	"state" text DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"intro" text,
	"terms" text,
	"expires_on" date NOT NULL,
	"tax_rate" numeric(7, 4) DEFAULT '0' NOT NULL,
	"subtotal" numeric(14, 2) DEFAULT '0' NOT NULL,
	"tax" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_with_all_options" numeric(14, 2) DEFAULT '0' NOT NULL,
	"sent_at" timestamp (6) with time zone,
	"viewed_at" timestamp (6) with time zone,
	"withdrawn_at" timestamp (6) with time zone,
	"superseded_at" timestamp (6) with time zone,
	"declined_at" timestamp (6) with time zone,
	"decline_reason" text,
	"declined_by_portal_user_id" integer,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposals_state_check" CHECK ("proposals"."state" in ('draft', 'sent', 'accepted', 'declined', 'withdrawn', 'superseded'))
);
--> statement-breakpoint
CREATE TABLE "proposal_sections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proposal_sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"proposal_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposal_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proposal_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"proposal_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"optional" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposal_acceptances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proposal_acceptances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"proposal_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"portal_user_id" integer,
	"signer_name" text NOT NULL,
	"signer_email" text NOT NULL,
	"accepted_at" timestamp (6) with time zone NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text,
	"selected_item_ids" integer[] NOT NULL,
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
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_declined_by_portal_user_id_portal_users_id_fk" FOREIGN KEY ("declined_by_portal_user_id") REFERENCES "public"."portal_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_sections" ADD CONSTRAINT "proposal_sections_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_items" ADD CONSTRAINT "proposal_items_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_items" ADD CONSTRAINT "proposal_items_section_id_proposal_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."proposal_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_acceptances" ADD CONSTRAINT "proposal_acceptances_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_acceptances" ADD CONSTRAINT "proposal_acceptances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_acceptances" ADD CONSTRAINT "proposal_acceptances_portal_user_id_portal_users_id_fk" FOREIGN KEY ("portal_user_id") REFERENCES "public"."portal_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_company_number_version_unique" ON "proposals" USING btree ("company_id","number","version");--> statement-breakpoint
CREATE INDEX "proposals_project_idx" ON "proposals" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "proposal_sections_proposal_idx" ON "proposal_sections" USING btree ("proposal_id","position");--> statement-breakpoint
CREATE INDEX "proposal_items_section_idx" ON "proposal_items" USING btree ("section_id","position");--> statement-breakpoint
CREATE INDEX "proposal_items_proposal_idx" ON "proposal_items" USING btree ("proposal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_acceptances_proposal_unique" ON "proposal_acceptances" USING btree ("proposal_id");--> statement-breakpoint
-- The proposals area is new: keys that held every scope before it (the owner's key create-company made) get its scopes too.
UPDATE "api_keys" SET "scopes" = array_cat("scopes", ARRAY['proposals:read', 'proposals:write'])
WHERE "scopes" @> ARRAY['company:read','company:write','staff:read','staff:write','projects:read','projects:write','portal_users:read','portal_users:write','sharing:read','sharing:write','notes:read','notes:write','photos:read','photos:write','documents:read','documents:write','invoices:read','invoices:write','messages:read','messages:write','webhooks:read','webhooks:write','api_keys:read','api_keys:write']::text[] AND NOT ("scopes" @> ARRAY['proposals:read']::text[]);
--> statement-breakpoint
-- The notice kind `proposal` (docs/company-api.md "Notices").
ALTER TABLE "notice_preferences" DROP CONSTRAINT "notice_preferences_kind_check";--> statement-breakpoint
ALTER TABLE "notice_preferences" ADD CONSTRAINT "notice_preferences_kind_check" CHECK ("kind" IN ('note', 'invoice', 'document', 'album', 'proposal'));--> statement-breakpoint
ALTER TABLE "sent_notices" DROP CONSTRAINT "sent_notices_kind_check";--> statement-breakpoint
ALTER TABLE "sent_notices" ADD CONSTRAINT "sent_notices_kind_check" CHECK ("kind" IN ('note', 'invoice', 'document', 'album', 'proposal'));
