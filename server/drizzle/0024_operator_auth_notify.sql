-- /auth/me's isOperatorClient reads the pupil's operator plans (docs/decisions/0046-operator-plans.md):
-- a change of one empties every server process's cache of signed-in sessions, as migration 0004 does for the user's view.
CREATE TRIGGER operator_subscriptions_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON operator_subscriptions FOR EACH STATEMENT EXECUTE FUNCTION darsi_auth_changed();
