-- The indexes of the lists a screen opens (docs/decisions/0030-lists-at-the-p8-bar.md): a parent's
-- pupils, a user's points codes and unread notifications newest first, the inbox's unread count,
-- a class's live sessions by subject and start.
DROP INDEX "notifications_unread_idx";--> statement-breakpoint
DROP INDEX "payment_codes_user_idx";--> statement-breakpoint
CREATE INDEX "inbox_messages_unread_idx" ON "inbox_messages" USING btree ("user_id") WHERE not seen;--> statement-breakpoint
CREATE INDEX "live_events_subject_starts_idx" ON "live_events" USING btree ("subject_id","starts_at");--> statement-breakpoint
CREATE INDEX "users_parent_idx" ON "users" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id","id") WHERE not seen;--> statement-breakpoint
CREATE INDEX "payment_codes_user_idx" ON "payment_codes" USING btree ("user_id","id");