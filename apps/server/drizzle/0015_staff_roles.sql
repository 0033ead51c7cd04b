ALTER TABLE "staff" ADD COLUMN "role" text DEFAULT 'staff' NOT NULL;
--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "deactivated_at" timestamp (6) with time zone;
--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_role_check" CHECK ("role" IN ('owner', 'staff'));
--> statement-breakpoint
-- Each company's first staff member (the one it started with) owns it.
UPDATE "staff" SET "role" = 'owner' WHERE "id" IN (SELECT min("id") FROM "staff" GROUP BY "company_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "staff_company_email_active_unique" ON "staff" USING btree ("company_id", lower("email")) WHERE "deactivated_at" IS NULL AND "email" IS NOT NULL;
