-- A phone or e-mail counts for sign-in, password reset, transfers and uniqueness only once it has
-- been proven by a code. Until now a verified account claimed every phone and e-mail it held.
DROP INDEX "users_verified_email_uq";--> statement-breakpoint
DROP INDEX "users_verified_phone_uq";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A verified account in Tunisia was confirmed through its phone; abroad, through its e-mail.
UPDATE "users" SET "phone_verified" = true WHERE "verified" AND "phone" IS NOT NULL AND ("country_id" IS NULL OR "country_id" = 1);--> statement-breakpoint
CREATE UNIQUE INDEX "users_proven_email_uq" ON "users" USING btree ("email") WHERE email_verified and email is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_proven_phone_uq" ON "users" USING btree ("phone") WHERE phone_verified and phone is not null;
