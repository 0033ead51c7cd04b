ALTER TABLE "sessions" ADD COLUMN "preview_staff_id" integer;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_preview_staff_id_staff_id_fk" FOREIGN KEY ("preview_staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "sessions_preview_staff_idx" ON "sessions" USING btree ("preview_staff_id");
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_preview_of_portal_user" CHECK ("sessions"."preview_staff_id" IS NULL OR "sessions"."portal_user_id" IS NOT NULL);
