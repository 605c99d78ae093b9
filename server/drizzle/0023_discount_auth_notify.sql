-- /auth/me carries the code the pupil applied and its coupon's terms (docs/decisions/0045-referral-earnings-and-cancellation.md):
-- a change of either empties every server process's cache of signed-in sessions, as migration 0004 does for the user's view.
CREATE TRIGGER applied_discount_codes_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON applied_discount_codes FOR EACH STATEMENT EXECUTE FUNCTION darsi_auth_changed();
--> statement-breakpoint
CREATE TRIGGER discount_codes_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON discount_codes FOR EACH STATEMENT EXECUTE FUNCTION darsi_auth_changed();
