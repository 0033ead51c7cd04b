-- Keys made before scopes existed could do everything; they keep that. New keys name their scopes.
ALTER TABLE "api_keys" ADD COLUMN "scopes" text[] DEFAULT ARRAY['company:read','company:write','staff:read','staff:write','projects:read','projects:write','portal_users:read','portal_users:write','sharing:read','sharing:write','notes:read','notes:write','photos:read','photos:write','documents:read','documents:write','invoices:read','invoices:write','messages:read','messages:write','webhooks:read','webhooks:write']::text[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "scopes" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp (6) with time zone;
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "idempotency_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"content_type" text,
	"response_body" text,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_company_key_unique" ON "idempotency_keys" USING btree ("company_id","key");
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");
