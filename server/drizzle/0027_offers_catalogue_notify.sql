-- A class's offers catalogue is kept in memory by every server process (services/offerList.ts,
-- docs/decisions/0030-lists-at-the-p8-bar.md): any change of an offer, its class rows, prices or
-- subject details, or of a subject's name, by whichever process or client commits it, is notified on
-- channel 'darsi_auth', which every process listens to (migration 0004). The catalogue's other
-- tables (offer_groups, divisions, levels) are notified by migration 0004 already.
CREATE TRIGGER offers_answers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON offers FOR EACH STATEMENT EXECUTE FUNCTION darsi_auth_changed();
--> statement-breakpoint
CREATE TRIGGER offer_divisions_answers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON offer_divisions FOR EACH STATEMENT EXECUTE FUNCTION darsi_auth_changed();
--> statement-breakpoint
CREATE TRIGGER offer_prices_answers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON offer_prices FOR EACH STATEMENT EXECUTE FUNCTION darsi_auth_changed();
--> statement-breakpoint
CREATE TRIGGER offer_subject_details_answers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON offer_subject_details FOR EACH STATEMENT EXECUTE FUNCTION darsi_auth_changed();
--> statement-breakpoint
CREATE TRIGGER subjects_answers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON subjects FOR EACH STATEMENT EXECUTE FUNCTION darsi_auth_changed();
