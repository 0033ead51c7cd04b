ALTER TABLE "photos" ADD COLUMN "taken_at" timestamp (6) with time zone;
