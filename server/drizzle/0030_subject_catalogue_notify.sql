-- A subject's chapters, sections and lessons are kept in memory by every server process
-- (services/catalogue.ts, docs/decisions/0030-lists-at-the-p8-bar.md): any change of them, by
-- whichever process or client commits it, is notified on channel 'darsi_auth', which every process
-- listens to (migration 0004).
CREATE TRIGGER chapters_answers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON chapters FOR EACH STATEMENT EXECUTE FUNCTION darsi_auth_changed();
--> statement-breakpoint
CREATE TRIGGER chapter_sections_answers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON chapter_sections FOR EACH STATEMENT EXECUTE FUNCTION darsi_auth_changed();
--> statement-breakpoint
CREATE TRIGGER contents_answers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON contents FOR EACH STATEMENT EXECUTE FUNCTION darsi_auth_changed();