-- A company marks a contact message handled through the integration API: when, and with which key.
ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp (6) with time zone;
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_by_api_key_id" integer;
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_handled_by_api_key_id_api_keys_id_fk" FOREIGN KEY ("handled_by_api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;
