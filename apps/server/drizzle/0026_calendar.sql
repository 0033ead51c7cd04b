-- Companies that never chose a zone get the default of docs/decisions/065-calendar-time-zones-and-icalendar.md.
ALTER TABLE "companies" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;
--> statement-breakpoint
CREATE TABLE "schedule_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schedule_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"uid" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"notes" text,
	"location" text,
	"all_day" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp (6) with time zone NOT NULL,
	"ends_at" timestamp (6) with time zone NOT NULL,
	"start_date" text,
	"end_date" text,
	"assigned_staff_id" integer,
	"shared_with_portal" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"cancelled_at" timestamp (6) with time zone,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schedule_items" ADD CONSTRAINT "schedule_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "schedule_items" ADD CONSTRAINT "schedule_items_assigned_staff_id_staff_id_fk" FOREIGN KEY ("assigned_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_items_uid_unique" ON "schedule_items" USING btree ("uid");
--> statement-breakpoint
CREATE INDEX "schedule_items_project_starts_idx" ON "schedule_items" USING btree ("project_id","starts_at");
--> statement-breakpoint
CREATE INDEX "schedule_items_project_shared_ends_idx" ON "schedule_items" USING btree ("project_id","ends_at") WHERE "schedule_items"."shared_with_portal";
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calendar_feeds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"portal_user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"last_used_at" timestamp (6) with time zone,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_portal_user_id_portal_users_id_fk" FOREIGN KEY ("portal_user_id") REFERENCES "public"."portal_users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_user_unique" ON "calendar_feeds" USING btree ("portal_user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash_unique" ON "calendar_feeds" USING btree ("token_hash");
--> statement-breakpoint
-- A schedule item's notice is told once per SEQUENCE, so a move is told again: the revision joins the once-per-event key.
ALTER TABLE "sent_notices" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
DROP INDEX "sent_notices_kind_record_user_unique";
--> statement-breakpoint
CREATE UNIQUE INDEX "sent_notices_kind_record_revision_user_unique" ON "sent_notices" USING btree ("kind","record_id","revision","portal_user_id");
--> statement-breakpoint
-- The notice kinds grow by 'schedule'; 'proposal' is listed too so that this and the proposals migration agree in either order.
ALTER TABLE "sent_notices" DROP CONSTRAINT "sent_notices_kind_check";
--> statement-breakpoint
ALTER TABLE "sent_notices" ADD CONSTRAINT "sent_notices_kind_check" CHECK ("kind" IN ('note', 'invoice', 'document', 'album', 'proposal', 'schedule'));
--> statement-breakpoint
ALTER TABLE "notice_preferences" DROP CONSTRAINT "notice_preferences_kind_check";
--> statement-breakpoint
ALTER TABLE "notice_preferences" ADD CONSTRAINT "notice_preferences_kind_check" CHECK ("kind" IN ('note', 'invoice', 'document', 'album', 'proposal', 'schedule'));
--> statement-breakpoint
-- The calendar area is new: keys that held every scope before it (the owner's key create-company made) keep holding every scope.
UPDATE "api_keys" SET "scopes" = array_cat("scopes", ARRAY['calendar:read', 'calendar:write'])
WHERE "scopes" @> ARRAY['company:read','company:write','staff:read','staff:write','projects:read','projects:write','portal_users:read','portal_users:write','sharing:read','sharing:write','notes:read','notes:write','photos:read','photos:write','documents:read','documents:write','invoices:read','invoices:write','messages:read','messages:write','webhooks:read','webhooks:write','api_keys:read','api_keys:write']::text[] AND NOT ("scopes" @> ARRAY['calendar:read']::text[]);
