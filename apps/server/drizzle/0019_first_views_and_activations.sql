ALTER TABLE "invoices" ADD COLUMN "viewed_at" timestamp (6) with time zone;
--> statement-breakpoint
ALTER TABLE "company_customers" ADD COLUMN "activated_at" timestamp (6) with time zone;
--> statement-breakpoint
-- Customers who already signed in before this column existed are not news to their companies.
UPDATE "company_customers" SET "activated_at" = "updated_at"
WHERE "portal_user_id" IN (SELECT "portal_user_id" FROM "sessions" UNION SELECT "id" FROM "portal_users" WHERE "password_hash" IS NOT NULL);
