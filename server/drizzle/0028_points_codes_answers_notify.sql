-- A user's points codes are kept in memory by every server process (services/paymentCodes.ts,
-- docs/decisions/0030-lists-at-the-p8-bar.md): any change of a code (a new one, an operator's decision,
-- a payment provider's return), by whichever process or client commits it, is notified on channel
-- 'darsi_auth', which every process listens to (migration 0004).
CREATE TRIGGER payment_codes_answers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payment_codes FOR EACH STATEMENT EXECUTE FUNCTION darsi_auth_changed();
