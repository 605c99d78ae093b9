-- A sandbox sign-in code is now bound to the app that asked for it (PKCE). Codes live five
-- minutes: those issued before this change are dropped rather than left unusable.
DELETE FROM "oauth_sandbox_codes";--> statement-breakpoint
ALTER TABLE "oauth_sandbox_codes" ADD COLUMN "code_challenge" varchar(64) NOT NULL;
