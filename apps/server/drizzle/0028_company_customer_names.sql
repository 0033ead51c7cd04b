-- What a company knows of a customer other companies serve too (docs/decisions/110-what-a-company-knows-of-a-shared-customer.md):
-- its own names for them, the sign-ins it may know of, and invitations that void only its own older links.
ALTER TABLE "company_customers" ADD COLUMN "first_name" text;
--> statement-breakpoint
ALTER TABLE "company_customers" ADD COLUMN "last_name" text;
--> statement-breakpoint
ALTER TABLE "company_customers" ADD COLUMN "last_sign_in_at" timestamp (6) with time zone;
--> statement-breakpoint
ALTER TABLE "login_tokens" ADD COLUMN "company_id" integer;
--> statement-breakpoint
ALTER TABLE "login_tokens" ADD CONSTRAINT "login_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Each company keeps the names it was shown until now: nothing it did not already see.
UPDATE "company_customers" c SET "first_name" = u."first_name", "last_name" = u."last_name" FROM "portal_users" u WHERE u."id" = c."portal_user_id";
--> statement-breakpoint
-- A company has known of the sign-ins since it added the person, while it shared something with them.
UPDATE "company_customers" c SET "last_sign_in_at" = (
  SELECT max(s."created_at") FROM "sessions" s
  WHERE s."portal_user_id" = c."portal_user_id" AND s."preview_staff_id" IS NULL AND s."created_at" >= c."created_at"
)
WHERE c."activated_at" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "portal_entities" e WHERE e."company_id" = c."company_id" AND e."portal_user_id" = c."portal_user_id");
