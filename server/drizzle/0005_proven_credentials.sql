-- A phone or e-mail counts for sign-in, password reset, transfers and uniqueness only once it has
-- been proven by a code. Until now a verified account claimed every phone and e-mail it held.
DROP INDEX "users_verified_email_uq";--> statement-breakpoint
DROP INDEX "users_verified_phone_uq";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A verified account in Tunisia was confirmed through its phone, unless it signed up abroad by
-- e-mail and moved (a move kept the account verified without a code): its registration code then
-- went to its e-mail and never to its phone.
UPDATE "users" u SET "phone_verified" = true
WHERE u."verified" AND u."phone" IS NOT NULL AND (u."country_id" IS NULL OR u."country_id" = 1)
  AND (EXISTS (SELECT 1 FROM "verification_codes" c WHERE c."user_id" = u."id" AND c."purpose" = 'registration' AND c."target" = u."phone")
    OR NOT EXISTS (SELECT 1 FROM "verification_codes" c WHERE c."user_id" = u."id" AND c."purpose" = 'registration' AND c."target" = lower(u."email")));--> statement-breakpoint
-- The old index let an unverified account keep a proven e-mail that a verified one also proved:
-- the verified holder keeps it (else the newest), the others prove it again to use it.
UPDATE "users" u SET "email_verified" = false
WHERE u."email_verified" AND u."email" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "users" o WHERE o."email" = u."email" AND o."email_verified" AND o."id" <> u."id"
    AND (o."verified" > u."verified" OR (o."verified" = u."verified" AND o."id" > u."id")));--> statement-breakpoint
CREATE UNIQUE INDEX "users_proven_email_uq" ON "users" USING btree ("email") WHERE email_verified and email is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_proven_phone_uq" ON "users" USING btree ("phone") WHERE phone_verified and phone is not null;
