-- The transfers a user sees are kept in memory by every server process (services/answerCache.ts,
-- docs/decisions/0030-lists-at-the-p8-bar.md): any change of a transfer, by whichever process or
-- client commits it, is notified on channel 'darsi_auth', which every process listens to (migration
-- 0004). The people named in a transfer are users, whose changes migration 0004 notifies already.
CREATE TRIGGER point_transfers_answers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON point_transfers FOR EACH STATEMENT EXECUTE FUNCTION darsi_auth_changed();
