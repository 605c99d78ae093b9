-- Every statement that may change what an authenticated request reads about its session, its
-- user and the user's view (services/authCache.ts) tells the listening server processes on
-- channel 'darsi_auth' when it commits: each of them then empties its cache of signed-in
-- sessions. Statement-level triggers: one notification per statement however many rows it
-- touches, and PostgreSQL folds repeats within a transaction into one.
CREATE FUNCTION darsi_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('darsi_auth', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A new user or session adds a row no cache entry was read from: their inserts do not notify.
CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION darsi_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OR DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION darsi_auth_changed();
--> statement-breakpoint
-- The view's tables (names, subscriptions, balance): any change notifies.
CREATE TRIGGER ledger_accounts_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ledger_accounts FOR EACH STATEMENT EXECUTE FUNCTION darsi_auth_changed();
--> statement-breakpoint
CREATE TRIGGER user_offers_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_offers FOR EACH STATEMENT EXECUTE FUNCTION darsi_auth_changed();
--> statement-breakpoint
CREATE TRIGGER offer_groups_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON offer_groups FOR EACH STATEMENT EXECUTE FUNCTION darsi_auth_changed();
--> statement-breakpoint
CREATE TRIGGER divisions_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON divisions FOR EACH STATEMENT EXECUTE FUNCTION darsi_auth_changed();
--> statement-breakpoint
CREATE TRIGGER levels_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON levels FOR EACH STATEMENT EXECUTE FUNCTION darsi_auth_changed();
--> statement-breakpoint
CREATE TRIGGER optional_subjects_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON optional_subjects FOR EACH STATEMENT EXECUTE FUNCTION darsi_auth_changed();
--> statement-breakpoint
CREATE TRIGGER countries_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON countries FOR EACH STATEMENT EXECUTE FUNCTION darsi_auth_changed();
--> statement-breakpoint
CREATE TRIGGER states_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON states FOR EACH STATEMENT EXECUTE FUNCTION darsi_auth_changed();
--> statement-breakpoint
CREATE TRIGGER delegations_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON delegations FOR EACH STATEMENT EXECUTE FUNCTION darsi_auth_changed();
--> statement-breakpoint
CREATE TRIGGER institutes_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON institutes FOR EACH STATEMENT EXECUTE FUNCTION darsi_auth_changed();
