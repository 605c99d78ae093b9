ALTER TABLE "users" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Accounts confirmed before the column: every verified one, and an unverified one that proved a
-- phone or an e-mail (only a confirmed account can, so it is waiting for a new credential's code).
-- The time is not known: the last update stands for it.
UPDATE "users" SET "confirmed_at" = "updated_at" WHERE "verified" OR "email_verified" OR "phone_verified";
